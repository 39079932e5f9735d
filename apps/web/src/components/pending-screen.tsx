import { Center, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { PageLayout } from './layout/page-layout';

/** A screen whose feature is not built yet: its title in the real layout, so navigation works end to end. */
export function PendingScreen({ title, variant = 'page' }: { title: string; variant?: 'page' | 'card' }) {
  if (variant === 'card') return <PendingCard title={title} />;
  return (
    <PageLayout title={title}>
      <Paper p="xl" mih={280} data-testid="pending-screen">
        <Center mih={240}>
          <Stack align="center" gap="xs">
            <ThemeIcon size={48} radius="xl" variant="light">
              <IconLayoutDashboard size={26} stroke={1.6} />
            </ThemeIcon>
            <Text fw={600}>{title}</Text>
            <Text c="dimmed" size="sm">
              This screen is not available yet.
            </Text>
          </Stack>
        </Center>
      </Paper>
    </PageLayout>
  );
}

function PendingCard({ title }: { title: string }) {
  useDocumentTitle(`${title} · Meridian`);
  return (
    <Stack gap="xs" data-testid="pending-screen">
      <Text component="h1" fz={24} fw={650} m={0}>
        {title}
      </Text>
      <Text c="dimmed" size="sm">
        This screen is not available yet.
      </Text>
    </Stack>
  );
}
