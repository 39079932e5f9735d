import { Stack, ThemeIcon, Title } from '@mantine/core';
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
      {/* The spec's sentence, whole: 'Unsubscribed: You have successfully unsubscribed from email list'. */}
      <Title order={1} fz={22} fw={600}>
        Unsubscribed: You have successfully unsubscribed from email list
      </Title>
    </Stack>
  );
}
