import { Anchor, Button, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from '@/lib/router';
import { LOGIN_PATH } from '@/app/routes';
import { useRegister } from '../api/register';
import { formFailures } from '../utils/auth-failures';
import { registerFormSchema, type RegisterForm as RegisterValues } from '../utils/validation';
import { AuthHeading } from './auth-heading';
import { FormAlert } from './form-alert';

const FIELDS = ['name', 'email', 'password', 'organisation', 'domain'] as const;

/** Spec section 3, "Register form"; it submits only when valid and changed (section 5). */
export function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const register = useRegister();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<RegisterValues>({
    mode: 'controlled',
    initialValues: { name: '', email: '', password: '', organisation: '', domain: '' },
    validate: schemaResolver(registerFormSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  const canSubmit = form.isDirty() && form.isValid();

  const submit = form.onSubmit((values) => {
    const input = registerFormSchema.parse(values);
    setAlert(null);
    register.mutate(input, {
      onSuccess: () => onRegistered(input.email),
      onError: (error) => {
        for (const failure of formFailures(error, FIELDS)) {
          if (failure.kind === 'field') form.setFieldError(failure.field, failure.message);
          else setAlert(failure.message);
        }
      },
    });
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="lg">
        <AuthHeading
          title="Create your account"
          description="Set up Meridian for your organization. You will be its admin."
        />
        <FormAlert message={alert} onClose={() => setAlert(null)} />
        <Stack gap="md">
          <TextInput
            label="Full name"
            placeholder="Jane Cooper"
            autoComplete="name"
            autoFocus
            {...form.getInputProps('name')}
          />
          <TextInput
            label="Work email"
            placeholder="jane@company.com"
            type="email"
            autoComplete="email"
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Password"
            placeholder="At least 6 characters"
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label="Organization"
              placeholder="Company name"
              autoComplete="organization"
              {...form.getInputProps('organisation')}
            />
            <TextInput label="Domain" placeholder="company.com" {...form.getInputProps('domain')} />
          </SimpleGrid>
        </Stack>
        <Button type="submit" size="md" fullWidth disabled={!canSubmit} loading={register.isPending}>
          Create account
        </Button>
        <Text size="sm" c="dimmed" ta="center">
          Already have an account?{' '}
          <Anchor component={Link} to={LOGIN_PATH} fw={500}>
            Log in
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
