import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

export function ModalTitle({ children }: { children: ReactNode }) {
  return (
    <Text component="span" fw={650} fz="lg">
      {children}
    </Text>
  );
}
