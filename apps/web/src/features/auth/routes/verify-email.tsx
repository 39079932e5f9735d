import { ACTIVATION_LINK_EXPIRED } from '@meridian/contracts';
import { Button } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate, useParams } from '@/lib/router';
import { LOGIN_PATH } from '@/app/routes';
import { errorMessage } from '@/lib/error-handling';
import { showSuccessToast } from '@/lib/notify';
import { useVerifyEmail } from '../api/verify-email';
import { CardLoader } from '../components/card-loader';
import { LinkExpired } from '../components/link-expired';
import { StatusScreen } from '../components/status-screen';
import { AUTH_MESSAGES, isExpiredLink } from '../utils/auth-failures';

/** /verify-email/{token}: verifies the address, then on to login; a used or old link has expired. */
export function VerifyEmailRoute() {
  useDocumentTitle('Verify email · Meridian');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const verify = useVerifyEmail();
  const started = useRef(false);

  const run = useCallback(() => {
    verify.mutate(token, {
      onSuccess: () => {
        showSuccessToast(AUTH_MESSAGES.emailVerified);
        void navigate(LOGIN_PATH, { replace: true });
      },
    });
  }, [navigate, token, verify]);

  useEffect(() => {
    // The link works once: send it once, also when effects run twice.
    if (started.current) return;
    started.current = true;
    run();
  }, [run]);

  if (verify.isError) {
    if (isExpiredLink(verify.error)) return <LinkExpired message={ACTIVATION_LINK_EXPIRED} />;
    return (
      <StatusScreen
        icon={<IconAlertTriangle size={28} stroke={1.6} />}
        color="red"
        title="We could not verify your email"
        actions={
          <Button size="md" fullWidth onClick={run}>
            Try again
          </Button>
        }
      >
        {errorMessage(verify.error)}
      </StatusScreen>
    );
  }
  return <CardLoader label="Verifying your email…" />;
}
