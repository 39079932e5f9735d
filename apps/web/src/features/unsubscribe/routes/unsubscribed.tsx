import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconMailOff } from '@tabler/icons-react';

/** Spec section 2: the public page a contact lands on after unsubscribing. */
export function UnsubscribedRoute() {
  useDocumentTitle('Unsubscribed · Meridian');
  return (
    <Stack gap="sm" align="center" ta="center">
      <ThemeIcon size={48} radius="xl" variant="light">
        <IconMailOff size={26} stroke={1.6} />
      </ThemeIcon>
      <Title order={1} fz={24}>
        Unsubscribed
      </Title>
      <Text c="dimmed">You have successfully unsubscribed from email list</Text>
    </Stack>
  );
}
