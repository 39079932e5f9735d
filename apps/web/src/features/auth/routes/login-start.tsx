import { useDocumentTitle } from '@mantine/hooks';
import { useNav, useSearch } from '@/lib/nav';
import { LoginStartForm } from '../components/login-start-form';
import { emailFrom, loginStartState } from '../utils/login-flow';

export function LoginStartRoute() {
  useDocumentTitle('Log in · Meridian');
  const search = useSearch();
  const { error } = loginStartState(useNav().location.state);
  return <LoginStartForm initialEmail={emailFrom(search) ?? ''} notice={error} />;
}
