import { ACTIVATION_LINK_EXPIRED, RESET_LINK_EXPIRED } from '@meridian/contracts';
import { Button, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate, useParams } from '@/lib/router';
import { LOGIN_PATH, publicRoutes } from '@/app/routes';
import { errorMessage, fieldErrorsOf } from '@/lib/error-handling';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import { useLinkValidity, useSetPassword, type PasswordLinkType } from '../api/password-links';
import { AuthHeading } from '../components/auth-heading';
import { CardLoader } from '../components/card-loader';
import { LinkExpired } from '../components/link-expired';
import { NewPasswordForm } from '../components/new-password-form';
import { StatusScreen } from '../components/status-screen';
import { AUTH_MESSAGES, isExpiredLink } from '../utils/auth-failures';

interface LinkCopy {
  title: string;
  description: string;
  submitLabel: string;
  success: string;
  expired: string;
}

/** Product decisions, "Expired links": which sentence each link shows. */
export const PASSWORD_LINK_COPY: Record<PasswordLinkType, LinkCopy> = {
  password_create: {
    title: publicRoutes.passwordCreate.title,
    description: 'Choose a password for your Meridian account.',
    submitLabel: 'Create password',
    success: AUTH_MESSAGES.passwordCreated,
    expired: ACTIVATION_LINK_EXPIRED,
  },
  password_reset: {
    title: publicRoutes.passwordReset.title,
    description: 'Choose a new password. You will be logged out everywhere else.',
    submitLabel: 'Reset password',
    success: AUTH_MESSAGES.passwordReset,
    expired: RESET_LINK_EXPIRED,
  },
};

export const PasswordCreateRoute = () => <PasswordLinkRoute type="password_create" />;
export const PasswordResetRoute = () => <PasswordLinkRoute type="password_reset" />;

/**
 * /password/create/{token} and /password/reset/{token}: the link is checked first; a valid one
 * gets the password form, an invalid one the 'Link Expired' screen.
 */
function PasswordLinkRoute({ type }: { type: PasswordLinkType }) {
  const copy = PASSWORD_LINK_COPY[type];
  useDocumentTitle(`${copy.title} · Meridian`);
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const validity = useLinkValidity(type, token);
  const setPassword = useSetPassword();
  const [spent, setSpent] = useState(false);

  if (validity.isPending) {
    return (
      <Stack gap="lg">
        <AuthHeading title={copy.title} />
        <CardLoader label="Checking your link…" />
      </Stack>
    );
  }
  if (validity.isError) {
    return (
      <StatusScreen
        icon={<IconAlertTriangle size={28} stroke={1.6} />}
        color="red"
        title={copy.title}
        actions={
          <Button size="md" fullWidth onClick={() => void validity.refetch()} loading={validity.isFetching}>
            Try again
          </Button>
        }
      >
        We could not check your link. {errorMessage(validity.error)}
      </StatusScreen>
    );
  }
  if (!validity.data || spent) return <LinkExpired message={copy.expired} />;

  return (
    <NewPasswordForm
      title={copy.title}
      description={copy.description}
      submitLabel={copy.submitLabel}
      pending={setPassword.isPending}
      onSubmit={(password, showPasswordError) =>
        setPassword.mutate(
          { type, token, password },
          {
            onSuccess: () => {
              showSuccessToast(copy.success);
              void navigate(LOGIN_PATH, { replace: true });
            },
            onError: (error) => {
              const field = fieldErrorsOf(error).password;
              if (isExpiredLink(error)) setSpent(true);
              else if (field) showPasswordError(field);
              else showErrorToast(errorMessage(error));
            },
          },
        )
      }
    />
  );
}
