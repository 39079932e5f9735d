import { Anchor, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { publicRoutes } from '@/app/routes';
import { Link } from '@/lib/nav';
import { showErrorToast } from '@/lib/notify';
import { useLogin } from '../api/login';
import { useStartSession } from '../hooks/use-start-session';
import { loginFailure } from '../utils/auth-failures';
import { checkGivenPassword } from '../utils/login-checks';
import { loginFlow } from '../utils/login-flow';
import { AuthHeading } from './auth-heading';
import { FormAlert } from './form-alert';

/** The password step: 'Hello, {email} !', the password, and a way back to the email step. */
export function LoginPasswordForm({ email }: { email: string }) {
  const login = useLogin();
  const startSession = useStartSession();
  const [alert, setAlert] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = checkGivenPassword(password);
    setFieldError(invalid);
    if (invalid) return;
    setAlert(null);
    login.mutate(
      { email, password },
      {
        onSuccess: (answer) => void startSession(answer.token.token),
        onError: (error) => {
          const failure = loginFailure(error);
          switch (failure.kind) {
            case 'field':
              setFieldError(failure.message);
              return;
            case 'alert':
              setAlert(failure.message);
              return;
            case 'toast':
              showErrorToast(failure.message);
              return;
          }
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit}>
      {/* Lets password managers pair the password with the account. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <Stack gap="lg">
        <AuthHeading
          title={`Hello, ${email} !`}
          size={20}
          description={
            <Anchor component={Link} to={loginFlow.emailStep()} size="sm" fw={500}>
              (This is not me)
            </Anchor>
          }
        />
        <FormAlert message={alert} onClose={() => setAlert(null)} />
        <Stack gap={6}>
          <PasswordInput
            label="Password"
            placeholder="Your password"
            autoComplete="current-password"
            autoFocus
            value={password}
            error={fieldError}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setFieldError(null);
            }}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to={publicRoutes.forgotPassword.to()} size="sm" fw={500}>
              Forgot password?
            </Anchor>
          </Group>
        </Stack>
        <Button type="submit" size="md" fullWidth loading={login.isPending}>
          Log in
        </Button>
      </Stack>
    </form>
  );
}
