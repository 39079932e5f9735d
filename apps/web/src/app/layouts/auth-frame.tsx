import { Center, Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { Brand } from '@/components/layout/brand';
import classes from './auth-layout.module.css';

/** The frame of the public screens: the brand, one card, and an optional footer. */
export function AuthFrame({ footer, children }: { footer?: ReactNode; children: ReactNode }) {
  return (
    <div className={classes.root}>
      <main className={classes.content}>
        <Center>
          <Brand size="lg" />
        </Center>
        <Paper className={classes.card} shadow="md">
          {children}
        </Paper>
      </main>
      {footer ? <footer className={classes.footer}>{footer}</footer> : null}
    </div>
  );
}
