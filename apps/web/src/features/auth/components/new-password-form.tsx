import { Button, PasswordInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { newPasswordFormSchema, type NewPasswordForm as NewPasswordValues } from '../utils/validation';
import { AuthHeading } from './auth-heading';

export interface NewPasswordFormProps {
  title: string;
  description: string;
  submitLabel: string;
  pending: boolean;
  /** `showPasswordError` puts a server message on the password field. */
  onSubmit: (password: string, showPasswordError: (message: string) => void) => void;
}

/** A new password and its confirmation, for the create and reset links. */
export function NewPasswordForm({
  title,
  description,
  submitLabel,
  pending,
  onSubmit,
}: NewPasswordFormProps) {
  const form = useForm<NewPasswordValues>({
    mode: 'uncontrolled',
    initialValues: { password: '', confirm_password: '' },
    validate: schemaResolver(newPasswordFormSchema, { sync: true }),
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(({ password }) =>
        onSubmit(password, (message) => form.setFieldError('password', message)),
      )}
    >
      <Stack gap="lg">
        <AuthHeading title={title} description={description} />
        <Stack gap="md">
          <PasswordInput
            label="New password"
            placeholder="At least 6 characters"
            autoComplete="new-password"
            autoFocus
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Confirm password"
            placeholder="Repeat the password"
            autoComplete="new-password"
            key={form.key('confirm_password')}
            {...form.getInputProps('confirm_password')}
          />
        </Stack>
        <Button type="submit" size="md" fullWidth loading={pending}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
