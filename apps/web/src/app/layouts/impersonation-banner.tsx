import type { Session } from '@meridian/contracts';
import { Button, Group, Text } from '@mantine/core';
import { IconUserShare } from '@tabler/icons-react';
import classes from './app-layout.module.css';

export const IMPERSONATION_BANNER_HEIGHT = 40;

/** While staff act as a user, every screen says so, and who is behind it. */
export function ImpersonationBanner({ session, onEnd }: { session: Session; onEnd: () => void }) {
  if (!session.impersonator) return null;
  return (
    <Group
      className={classes.impersonationBanner}
      h={IMPERSONATION_BANNER_HEIGHT}
      px="xl"
      gap="sm"
      justify="center"
      wrap="nowrap"
      role="status"
      data-testid="impersonation-banner"
    >
      <IconUserShare size={16} stroke={2} />
      <Text size="sm" fw={500} truncate>
        Impersonating <b>{session.account.email}</b> of <b>{session.organisation.name}</b> · signed in as{' '}
        <b>{session.impersonator.email}</b>
      </Text>
      <Button size="compact-xs" variant="white" color="dark" onClick={onEnd}>
        End impersonation
      </Button>
    </Group>
  );
}
