import { Stack, Text, ThemeIcon, Title, type MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';

export interface StatusScreenProps {
  icon: ReactNode;
  color?: MantineColor;
  title: string;
  children?: ReactNode;
  /** Buttons under the text. */
  actions?: ReactNode;
}

/** A login card that tells the outcome of something: sent, done, expired, failed. */
export function StatusScreen({ icon, color = 'meridian', title, children, actions }: StatusScreenProps) {
  return (
    <Stack gap="lg" align="center" ta="center" role="status">
      <ThemeIcon size={56} radius="xl" variant="light" color={color}>
        {icon}
      </ThemeIcon>
      <Stack gap={8} align="center">
        <Title order={1} fz={24}>
          {title}
        </Title>
        {children ? (
          <Text c="dimmed" size="sm" component="div" maw={340} style={{ overflowWrap: 'anywhere' }}>
            {children}
          </Text>
        ) : null}
      </Stack>
      {actions ? (
        <Stack gap="xs" w="100%">
          {actions}
        </Stack>
      ) : null}
    </Stack>
  );
}
