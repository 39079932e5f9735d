import { Alert, Badge, Box, Button, Grid, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { PageLayout } from '@/components/layout/page-layout';
import { errorMessage } from '@/lib/error-handling';
import { useSsoConfig } from '../api/get-sso-config';
import { ServiceProviderCard } from '../components/service-provider-card';
import { SsoConfigForm } from '../components/sso-config-form';

const TITLE = 'Single sign-on';

/** /sso-configuration: the organisation's SAML identity provider. */
export function SsoConfigurationRoute({ canEdit }: { canEdit: boolean }) {
  const sso = useSsoConfig();
  const configured = Boolean(sso.data?.saml_config);

  return (
    <PageLayout
      title={TITLE}
      description="Let your team log in to Meridian through your identity provider, with SAML 2.0."
      actions={
        sso.isSuccess ? (
          <Badge size="lg" variant="light" color={configured ? 'teal' : 'gray'} tt="none" fw={600}>
            {configured ? 'Enabled' : 'Not configured'}
          </Badge>
        ) : null
      }
    >
      {sso.isPending ? (
        <SsoSkeleton />
      ) : sso.isError ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          title="Single sign-on settings could not be loaded"
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{errorMessage(sso.error)}</Text>
            <Button
              size="xs"
              variant="white"
              color="red"
              onClick={() => void sso.refetch()}
              loading={sso.isFetching}
            >
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Grid gap="lg" align="flex-start">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Paper p="lg">
              <Stack gap="lg">
                <Box>
                  <Title order={3} fz="md">
                    Identity provider
                  </Title>
                  <Text size="sm" c="dimmed" mt={4}>
                    Copy these from the SAML setup page of your identity provider (Okta, Entra ID, Google
                    Workspace…).
                  </Text>
                </Box>
                {!canEdit ? (
                  <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />}>
                    Only admins can change single sign-on settings.
                  </Alert>
                ) : null}
                <SsoConfigForm
                  key={sso.data.saml_config?.id ?? 'new'}
                  slug={sso.data.service_provider.slug}
                  config={sso.data.saml_config}
                  canEdit={canEdit}
                />
              </Stack>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <ServiceProviderCard serviceProvider={sso.data.service_provider} />
          </Grid.Col>
        </Grid>
      )}
    </PageLayout>
  );
}

function SsoSkeleton() {
  return (
    <Grid gap="lg" role="status" aria-busy="true" aria-label="Loading single sign-on settings">
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <Paper p="lg">
          <Stack gap="lg">
            <Skeleton height={16} width="30%" radius="xl" />
            {[0, 1, 2].map((row) => (
              <Stack key={row} gap={8}>
                <Skeleton height={10} width="20%" radius="xl" />
                <Skeleton height={40} radius="md" />
              </Stack>
            ))}
            <Skeleton height={140} radius="md" />
            <Group justify="flex-end">
              <Skeleton height={36} width={130} radius="md" />
            </Group>
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <Paper p="lg">
          <Stack gap="md">
            <Skeleton height={16} width="50%" radius="xl" />
            <Skeleton height={36} radius="md" />
            <Skeleton height={36} radius="md" />
            <Skeleton height={36} radius="md" />
          </Stack>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
