import { Button } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from '@/lib/router';
import { LOGIN_PATH } from '@/app/routes';
import { RegisterForm } from '../components/register-form';
import { StatusScreen } from '../components/status-screen';

export function RegisterRoute() {
  useDocumentTitle('Create your account · Meridian');
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  if (registeredEmail) return <RegistrationSuccessful email={registeredEmail} />;
  return <RegisterForm onRegistered={setRegisteredEmail} />;
}

/** Spec section 2: the 'Registration Successful' screen. */
function RegistrationSuccessful({ email }: { email: string }) {
  return (
    <StatusScreen
      icon={<IconMailCheck size={28} stroke={1.6} />}
      color="teal"
      title="Registration Successful"
      actions={
        <Button component={Link} to={LOGIN_PATH} variant="default" size="md" fullWidth>
          Back to login
        </Button>
      }
    >
      We have sent a verification link to <b>{email}</b>. Please check your mail and open the link to activate
      your account.
    </StatusScreen>
  );
}
