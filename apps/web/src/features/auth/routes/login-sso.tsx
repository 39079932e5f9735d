import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconShieldLock } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from '@/lib/router';
import { leaveAppFor } from '@/lib/browser-location';
import { errorMessage } from '@/lib/error-handling';
import { useLookupAccount } from '../api/lookup-account';
import { CardLoader } from '../components/card-loader';
import { FormAlert } from '../components/form-alert';
import { StatusScreen } from '../components/status-screen';
import { emailFrom, loginFlow, loginSsoState } from '../utils/login-flow';

/**
 * /login/sso?email=...: the organisation logs in through its identity provider. The address to
 * start from comes from the email step; after a reload it is looked up again, never read from
 * the URL, so the page cannot be made to send anyone elsewhere.
 */
export function LoginSsoRoute() {
  useDocumentTitle('Single sign-on · Meridian');
  const [search] = useSearchParams();
  const email = emailFrom(search);
  const passed = loginSsoState(useLocation().state).redirectUrl;
  if (!email) return <Navigate to={loginFlow.emailStep()} replace />;
  return <LoginSso key={email} email={email} passedRedirectUrl={passed} />;
}

function LoginSso({ email, passedRedirectUrl }: { email: string; passedRedirectUrl?: string }) {
  const navigate = useNavigate();
  const lookup = useLookupAccount();
  const [redirectUrl, setRedirectUrl] = useState(passedRedirectUrl ?? null);
  const [leaving, setLeaving] = useState(false);
  const lookedUp = useRef(false);

  useEffect(() => {
    if (redirectUrl || lookedUp.current) return;
    lookedUp.current = true;
    lookup.mutate(
      { email },
      {
        onSuccess: (answer) => {
          if (answer.auth_type === 'sso' && answer.redirect_url) setRedirectUrl(answer.redirect_url);
          else void navigate(loginFlow.passwordStep(email), { replace: true });
        },
      },
    );
  }, [email, lookup, navigate, redirectUrl]);

  if (!redirectUrl) {
    if (lookup.isError) {
      return (
        <Stack gap="lg">
          <FormAlert message={errorMessage(lookup.error)} />
          <Button component={Link} to={loginFlow.emailStep()} variant="default" size="md" fullWidth>
            Back to login
          </Button>
        </Stack>
      );
    }
    return <CardLoader label="Checking how your organization logs in…" />;
  }

  return (
    <StatusScreen
      icon={<IconShieldLock size={28} stroke={1.6} />}
      title="Log in with single sign-on"
      actions={
        <>
          <Button
            size="md"
            fullWidth
            loading={leaving}
            onClick={() => {
              setLeaving(true);
              leaveAppFor(redirectUrl);
            }}
          >
            Continue with OKTA
          </Button>
          <Anchor component={Link} to={loginFlow.emailStep()} size="sm" fw={500}>
            (This is not me)
          </Anchor>
        </>
      }
    >
      <Stack gap={4} align="center">
        <Text size="sm" fw={600} c="dark.7" style={{ overflowWrap: 'anywhere' }}>
          {email}
        </Text>
        <Text size="sm" c="dimmed">
          Your organization has OKTA SSO enabled
        </Text>
      </Stack>
    </StatusScreen>
  );
}
