import { Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link } from 'react-router-dom';
import { publicRoutes } from '@/app/routes';
import { useLookupAccount } from '../api/lookup-account';
import { loginEmailFormSchema, type LoginEmailForm } from '../utils/validation';

/** The login email step: the account is looked up by email, then the password or SSO step follows. */
export function LoginStartForm() {
  const lookup = useLookupAccount();
  const form = useForm<LoginEmailForm>({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: schemaResolver(loginEmailFormSchema, { sync: true }),
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => lookup.mutate({ email: loginEmailFormSchema.parse(values).email }))}
    >
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1} fz={24}>
            Log in to Meridian
          </Title>
          <Text c="dimmed" size="sm">
            Enter your work email to continue.
          </Text>
        </Stack>
        <TextInput
          label="Email"
          placeholder="name@company.com"
          type="email"
          autoComplete="email"
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
