import { Center, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconBadge } from './badges';

export interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  hint?: ReactNode;
  action?: ReactNode;
}

export function EmptyState({ icon, title, hint, action }: EmptyStateProps) {
  return (
    <Center py={48}>
      <Stack align="center" gap={8} maw={360}>
        <IconBadge>{icon}</IconBadge>
        <Text fw={600} ta="center">
          {title}
        </Text>
        {hint ? (
          <Text size="sm" c="dimmed" ta="center">
            {hint}
          </Text>
        ) : null}
        {action ? <Center mt="xs">{action}</Center> : null}
      </Stack>
    </Center>
  );
}
