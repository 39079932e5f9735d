import type { internalImpersonateContract, ResponseOf } from '@meridian/contracts';
import { Alert, Button, Grid, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { PageLayout } from '@/components/layout/page-layout';
import { errorMessage } from '@/lib/error-handling';
import { useOrganisations } from '../api/get-organisations';
import { ImpersonateForm } from '../components/impersonate-form';

const TITLE = 'Impersonate';

export interface ImpersonateRouteProps {
  /** Internal staff only: for anyone else the page calls nothing. */
  allowed: boolean;
  /** The new session's token is stored: leave the page for the impersonated user's screens. */
  onImpersonated: (answer: ResponseOf<typeof internalImpersonateContract>) => void;
}

/** /internal/impersonate: staff act as a user of an organisation, to see what they see. */
export function ImpersonateRoute({ allowed, onImpersonated }: ImpersonateRouteProps) {
  const organisations = useOrganisations(allowed);

  if (!allowed) {
    return (
      <PageLayout title={TITLE}>
        <Alert
          color="gray"
          variant="light"
          icon={<IconLock size={18} />}
          title="Internal staff only"
          maw={560}
        >
          Impersonation is available to Meridian staff accounts.
        </Alert>
      </PageLayout>
    );
  }

  return (
    <PageLayout title={TITLE} description="Act as a user of a customer organization, to see what they see.">
      <Grid>
        <Grid.Col span={{ base: 12, md: 8, lg: 6 }}>
          <Paper p="lg">
            <Stack gap="lg">
              <Title order={3} fz="md">
                Who do you want to impersonate?
              </Title>
              {organisations.isPending ? (
                <Stack gap="md" role="status" aria-busy="true" aria-label="Loading organizations">
                  <Skeleton height={10} width="25%" radius="xl" />
                  <Skeleton height={40} radius="md" />
                  <Skeleton height={10} width="20%" radius="xl" />
                  <Skeleton height={40} radius="md" />
                  <Skeleton height={36} width={140} radius="md" />
                </Stack>
              ) : organisations.isError ? (
                <Alert
                  color="red"
                  variant="light"
                  icon={<IconAlertCircle size={18} />}
                  title="Organizations could not be loaded"
                >
                  <Stack gap="sm" align="flex-start">
                    <Text size="sm">{errorMessage(organisations.error)}</Text>
                    <Button
                      size="xs"
                      variant="white"
                      color="red"
                      onClick={() => void organisations.refetch()}
                    >
                      Try again
                    </Button>
                  </Stack>
                </Alert>
              ) : (
                <ImpersonateForm organisations={organisations.data} onImpersonated={onImpersonated} />
              )}
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </PageLayout>
  );
}
