import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { publicRoutes } from '@/app/routes';
import { errorMessage, fieldErrorsOf } from '@/lib/error-handling';
import { useLookupAccount } from '../api/lookup-account';
import { loginFlow } from '../utils/login-flow';
import { loginEmailFormSchema, type LoginEmailForm } from '../utils/validation';
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
  const navigate = useNavigate();
  const [alert, setAlert] = useState<string | null>(notice ?? null);
  const form = useForm<LoginEmailForm>({
    mode: 'uncontrolled',
    initialValues: { email: initialEmail },
    validate: schemaResolver(loginEmailFormSchema, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    const { email } = loginEmailFormSchema.parse(values);
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
          if (fields.email) form.setFieldError('email', fields.email);
          else setAlert(errorMessage(error));
        },
      },
    );
  });

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
          key={form.key('email')}
          {...form.getInputProps('email')}
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
