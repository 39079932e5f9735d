import { Button } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from '@/lib/router';
import { LOGIN_PATH } from '@/app/routes';
import { ForgotPasswordForm } from '../components/forgot-password-form';
import { StatusScreen } from '../components/status-screen';

export function ForgotPasswordRoute() {
  useDocumentTitle('Forgot password · Meridian');
  const [sentTo, setSentTo] = useState<string | null>(null);
  if (sentTo) return <ResetEmailSent email={sentTo} />;
  return <ForgotPasswordForm onSent={setSentTo} />;
}

/** Spec section 2: the 'Password Reset Email Sent' screen. */
function ResetEmailSent({ email }: { email: string }) {
  return (
    <StatusScreen
      icon={<IconMailForward size={28} stroke={1.6} />}
      color="teal"
      title="Password Reset Email Sent"
      actions={
        <Button component={Link} to={LOGIN_PATH} variant="default" size="md" fullWidth>
          Back to login
        </Button>
      }
    >
      We have sent a link to reset your password to <b>{email}</b>. It works once and for a limited time.
    </StatusScreen>
  );
}
