import { Anchor, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { publicRoutes } from '@/app/routes';
import { showErrorToast } from '@/lib/notify';
import { useLogin } from '../api/login';
import { useStartSession } from '../hooks/use-start-session';
import { loginFailure } from '../utils/auth-failures';
import { loginFlow } from '../utils/login-flow';
import { loginPasswordFormSchema, type LoginPasswordForm } from '../utils/validation';
import { AuthHeading } from './auth-heading';
import { FormAlert } from './form-alert';

/** The password step: 'Hello, {email} !', the password, and a way back to the email step. */
export function LoginPasswordForm({ email }: { email: string }) {
  const login = useLogin();
  const startSession = useStartSession();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<LoginPasswordForm>({
    mode: 'uncontrolled',
    initialValues: { password: '' },
    validate: schemaResolver(loginPasswordFormSchema, { sync: true }),
  });

  const submit = form.onSubmit(({ password }) => {
    setAlert(null);
    login.mutate(
      { email, password },
      {
        onSuccess: (answer) => void startSession(answer.token.token),
        onError: (error) => {
          const failure = loginFailure(error);
          switch (failure.kind) {
            case 'field':
              form.setFieldError('password', failure.message);
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
  });

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
            key={form.key('password')}
            {...form.getInputProps('password')}
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
