import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { publicRoutes } from '@/app/routes';
import { errorMessage, fieldErrorsOf } from '@/lib/error-handling';
import { Link, useNav } from '@/lib/nav';
import { useLookupAccount } from '../api/lookup-account';
import { checkEmail } from '../utils/login-checks';
import { loginFlow } from '../utils/login-flow';
import { AuthHeading } from './auth-heading';
import { FormAlert } from './form-alert';

export interface LoginStartFormProps {
  initialEmail?: string;
  /** A message from a step that sent the user back here, e.g. a failed single sign-on. */
  notice?: string;
}

/** The login email step: the account is looked up by email, then the password or SSO step follows. */
export function LoginStartForm({ initialEmail = '', notice }: LoginStartFormProps) {
  const lookup = useLookupAccount();
  const { navigate } = useNav();
  const [alert, setAlert] = useState<string | null>(notice ?? null);
  const [value, setValue] = useState(initialEmail);
  const [fieldError, setFieldError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = checkEmail(value);
    setFieldError(invalid);
    if (invalid) return;
    const email = value.trim();
    setAlert(null);
    lookup.mutate(
      { email },
      {
        onSuccess: (answer) => {
          if (answer.auth_type === 'sso') {
            void navigate(loginFlow.ssoStep(email), { state: { redirectUrl: answer.redirect_url } });
          } else {
            void navigate(loginFlow.passwordStep(email));
          }
        },
        onError: (error) => {
          const fields = fieldErrorsOf(error);
          if (fields.email) setFieldError(fields.email);
          else setAlert(errorMessage(error));
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="lg">
        <AuthHeading title="Log in to Meridian" description="Enter your work email to continue." />
        <FormAlert message={alert} onClose={() => setAlert(null)} />
        <TextInput
          label="Email"
          placeholder="name@company.com"
          type="email"
          autoComplete="username"
          autoFocus
          value={value}
          error={fieldError}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setFieldError(null);
          }}
        />
        <Button type="submit" size="md" fullWidth loading={lookup.isPending}>
          Continue
        </Button>
        <Stack gap={8} align="center">
          <Anchor component={Link} to={publicRoutes.forgotPassword.to()} size="sm" fw={500}>
            Forgot password?
          </Anchor>
          <Text size="sm" c="dimmed">
            New to Meridian?{' '}
            <Anchor component={Link} to={publicRoutes.register.to()} fw={500}>
              Create an account
            </Anchor>
          </Text>
        </Stack>
      </Stack>
    </form>
  );
}
