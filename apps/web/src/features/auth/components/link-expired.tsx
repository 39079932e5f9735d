import { Button } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { Link } from '@/lib/router';
import { LOGIN_PATH } from '@/app/routes';
import { StatusScreen } from './status-screen';

/** Spec section 2: an expired link shows 'Link Expired', why, and 'Go to Login page'. */
export function LinkExpired({ message }: { message: string }) {
  return (
    <StatusScreen
      icon={<IconLinkOff size={28} stroke={1.6} />}
      color="orange"
      title="Link Expired"
      actions={
        <Button component={Link} to={LOGIN_PATH} replace size="md" fullWidth>
          Go to Login page
        </Button>
      }
    >
      {message}
    </StatusScreen>
  );
}
