import { AppShell } from '@mantine/core';
import { Outlet } from 'react-router-dom';
import { TopNav } from './top-nav';
import classes from './app-layout.module.css';

/** The frame of every signed-in screen: the header bar with the top navigation, then the page. */
export function AppLayout() {
  return (
    <AppShell header={{ height: 64 }} padding={0}>
      <AppShell.Header className={classes.header}>
        <TopNav />
      </AppShell.Header>
      <AppShell.Main className={classes.main}>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
