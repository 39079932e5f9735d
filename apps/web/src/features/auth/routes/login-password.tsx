import { useDocumentTitle } from '@mantine/hooks';
import { Navigate, useSearchParams } from 'react-router-dom';
import { LoginPasswordForm } from '../components/login-password-form';
import { emailFrom, loginFlow } from '../utils/login-flow';

/** /login/password?email=...: without an email there is nobody to greet, so back to the email step. */
export function LoginPasswordRoute() {
  useDocumentTitle('Log in · Meridian');
  const [search] = useSearchParams();
  const email = emailFrom(search);
  if (!email) return <Navigate to={loginFlow.emailStep()} replace />;
  return <LoginPasswordForm key={email} email={email} />;
}
