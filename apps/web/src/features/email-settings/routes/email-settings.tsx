import '../styles';
import { Alert, Button, Grid, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { PageLayout } from '@/components/layout/page-layout';
import { errorMessage } from '@/lib/error-handling';
import { useEmailSettings } from '../api/get-email-settings';
import { EmailSettingsForm } from '../components/email-settings-form';

/**
 * /email-settings: the global email configuration and the 'Email opt-out configuration page'.
 * Users who are not admins see them read-only (decisions, "Admin-only actions").
 */
export function EmailSettingsRoute({ canEdit }: { canEdit: boolean }) {
  const state = useEmailSettings();
  return (
    <PageLayout
      title="Email settings"
      description="Who your campaign emails come from, and where unsubscribing leads."
    >
      {state.status === 'pending' ? (
        <EmailSettingsSkeleton />
      ) : state.status === 'error' ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          title="Email settings could not be loaded"
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{errorMessage(state.error)}</Text>
            <Button size="xs" variant="white" color="red" onClick={state.retry} loading={state.retrying}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : (
        <EmailSettingsForm saved={state.saved} activeDomains={state.activeDomains} canEdit={canEdit} />
      )}
    </PageLayout>
  );
}

function EmailSettingsSkeleton() {
  return (
    <Grid gap="lg" role="status" aria-busy="true" aria-label="Loading email settings">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <Stack gap="lg">
          {[3, 1, 2].map((rows, section) => (
            <Paper p="lg" key={section}>
              <Stack gap="lg">
                <Skeleton height={16} width="35%" radius="xl" />
                {Array.from({ length: rows }, (_, row) => (
                  <Stack key={row} gap={8}>
                    <Skeleton height={10} width="20%" radius="xl" />
                    <Skeleton height={40} radius="md" />
                  </Stack>
                ))}
              </Stack>
            </Paper>
          ))}
          <Group justify="flex-end">
            <Skeleton height={40} width={90} radius="md" />
          </Group>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <Paper p="lg">
          <Stack gap="md">
            <Skeleton height={12} width="40%" radius="xl" />
            <Skeleton height={48} radius="md" />
          </Stack>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
