import { authErrors } from '@meridian/contracts';
import { useDocumentTitle } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from '@/lib/router';
import { LOGIN_PATH } from '@/app/routes';
import { errorMessage } from '@/lib/error-handling';
import { useSsoLogin } from '../api/sso-login';
import { CardLoader } from '../components/card-loader';
import { useStartSession } from '../hooks/use-start-session';
import type { LoginStartState } from '../utils/login-flow';

const SSO_FAILED = authErrors.SamlLoginFailedException.description;

/**
 * /sso-redirect?code=...: where single sign-on comes back. The one-time code is traded for a
 * session; without one, or when the trade fails, back to login with the reason.
 */
export function SsoRedirectRoute() {
  useDocumentTitle('Signing you in · Meridian');
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const startSession = useStartSession();
  const ssoLogin = useSsoLogin();
  const started = useRef(false);
  const code = search.get('code');
  const failed = search.has('error');

  useEffect(() => {
    // The code works once: make sure it is sent once, also when effects run twice.
    if (started.current) return;
    started.current = true;
    const backToLogin = (message: string) => {
      const state: LoginStartState = { error: message };
      void navigate(LOGIN_PATH, { replace: true, state });
    };
    if (!code || failed) {
      backToLogin(SSO_FAILED);
      return;
    }
    ssoLogin.mutate(code, {
      onSuccess: (answer) => void startSession(answer.token.token),
      onError: (error) => backToLogin(errorMessage(error)),
    });
  }, [code, failed, navigate, ssoLogin, startSession]);

  return <CardLoader label="Signing you in…" />;
}
