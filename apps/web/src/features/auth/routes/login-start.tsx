import { useDocumentTitle } from '@mantine/hooks';
import { LoginStartForm } from '../components/login-start-form';

export function LoginStartRoute() {
  useDocumentTitle('Log in · Meridian');
  return <LoginStartForm />;
}
