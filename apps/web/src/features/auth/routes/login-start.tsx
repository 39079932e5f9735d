import { useDocumentTitle } from '@mantine/hooks';
import { useLocation, useSearchParams } from 'react-router-dom';
import { LoginStartForm } from '../components/login-start-form';
import { emailFrom, loginStartState } from '../utils/login-flow';

export function LoginStartRoute() {
  useDocumentTitle('Log in · Meridian');
  const [search] = useSearchParams();
  const { error } = loginStartState(useLocation().state);
  return <LoginStartForm initialEmail={emailFrom(search) ?? ''} notice={error} />;
}
