import '../styles';
import { Alert, Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from '@/lib/router';
import { protectedRoutes } from '@/app/routes';
import { PageLayout } from '@/components/layout/page-layout';
import { errorMessage } from '@/lib/error-handling';
import { useSalesforceOAuthLogin } from '../api/salesforce-connection';
import { forgetPendingLogin, pendingLogin } from '../utils/pending-login';
import { SALESFORCE_TEXTS } from '../utils/salesforce-texts';

/** How long 'Successfully Connected! Redirecting...' stays before the Salesforce page opens. */
const REDIRECT_DELAY_MS = 1200;

type Outcome = { kind: 'working' } | { kind: 'connected'; id: string } | { kind: 'failed'; message: string };

/**
 * /salesforce/oauth.complete: Salesforce sends the browser back here with `code` and `state` (or
 * `error`). The code is exchanged once, for the connection kept locally; then the Salesforce page
 * opens with ?permission=true, which starts the setup at its first step.
 */
export function SalesforceOAuthCompleteRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const login = useSalesforceOAuthLogin();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'working' });
  // A code can be exchanged only once: a second effect run (development's double mount) must not try.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const connectionId = pendingLogin();
    const code = params.get('code');
    const denied = params.get('error_description') ?? params.get('error');
    if (denied) return setOutcome({ kind: 'failed', message: `Salesforce did not connect: ${denied}` });
    if (!connectionId) {
      return setOutcome({
        kind: 'failed',
        message: 'This login was not started from this browser. Start it again from the Salesforce page.',
      });
    }
    if (!code) return setOutcome({ kind: 'failed', message: 'Salesforce sent no authorization code.' });
    login.mutate(
      { connection_id: connectionId, code, state: params.get('state') ?? '' },
      {
        onSuccess: (connection) => {
          forgetPendingLogin();
          setOutcome({ kind: 'connected', id: connection.connection_id });
        },
        onError: (error) => setOutcome({ kind: 'failed', message: errorMessage(error) }),
      },
    );
  }, [login, params]);

  useEffect(() => {
    if (outcome.kind !== 'connected') return;
    const timer = window.setTimeout(() => {
      void navigate(`${protectedRoutes.salesforceDetail.to({ id: outcome.id })}?permission=true`, {
        replace: true,
      });
    }, REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [outcome, navigate]);

  return (
    <PageLayout title="Salesforce">
      <Center>
        <Paper p="xl" maw={480} w="100%">
          {outcome.kind === 'working' ? (
            <Stack align="center" gap="sm" aria-live="polite">
              <Loader size="md" aria-label="Connecting to Salesforce" />
              <Text>Connecting to Salesforce…</Text>
            </Stack>
          ) : outcome.kind === 'connected' ? (
            <Stack align="center" gap="sm" role="status">
              <IconCircleCheck size={40} color="var(--mantine-color-teal-6)" aria-hidden />
              <Title order={3} fz="lg">
                {SALESFORCE_TEXTS.connected}
              </Title>
            </Stack>
          ) : (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertTriangle size={18} aria-hidden />}
              title="Salesforce could not be connected"
            >
              <Stack gap="sm" align="flex-start">
                <Text size="sm">{outcome.message}</Text>
                <Button
                  component={Link}
                  to={protectedRoutes.salesforce.to()}
                  size="xs"
                  variant="white"
                  color="red"
                >
                  Back to Salesforce
                </Button>
              </Stack>
            </Alert>
          )}
        </Paper>
      </Center>
    </PageLayout>
  );
}
