import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The title of a login card, with an optional line under it. */
export function AuthHeading({
  title,
  description,
  size = 24,
}: {
  title: ReactNode;
  description?: ReactNode;
  /** Smaller for titles carrying user text, such as an email address. */
  size?: number;
}) {
  return (
    <Stack gap={6}>
      <Title order={1} fz={size} lh={1.3} style={{ overflowWrap: 'break-word' }}>
        {title}
      </Title>
      {description ? (
        <Text c="dimmed" size="sm" component="div">
          {description}
        </Text>
      ) : null}
    </Stack>
  );
}
