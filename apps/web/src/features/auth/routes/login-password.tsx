import { useDocumentTitle } from '@mantine/hooks';
import { Redirect, useSearch } from '@/lib/nav';
import { LoginPasswordForm } from '../components/login-password-form';
import { emailFrom, loginFlow } from '../utils/login-flow';

/** /login/password?email=...: without an email there is nobody to greet, so back to the email step. */
export function LoginPasswordRoute() {
  useDocumentTitle('Log in · Meridian');
  const email = emailFrom(useSearch());
  if (!email) return <Redirect to={loginFlow.emailStep()} replace />;
  return <LoginPasswordForm key={email} email={email} />;
}
