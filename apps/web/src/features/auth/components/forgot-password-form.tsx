import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link } from '@/lib/router';
import { LOGIN_PATH } from '@/app/routes';
import { showErrorToast } from '@/lib/notify';
import { useSendPasswordReset } from '../api/send-password-reset';
import { sendResetFailure } from '../utils/auth-failures';
import {
  forgotPasswordFormSchema,
  type ForgotPasswordForm as ForgotPasswordValues,
} from '../utils/validation';
import { AuthHeading } from './auth-heading';

/** Asks for the account's email and mails a reset link. */
export function ForgotPasswordForm({ onSent }: { onSent: (email: string) => void }) {
  const sendReset = useSendPasswordReset();
  const form = useForm<ForgotPasswordValues>({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: schemaResolver(forgotPasswordFormSchema, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    const input = forgotPasswordFormSchema.parse(values);
    sendReset.mutate(input, {
      onSuccess: () => onSent(input.email),
      onError: (error) => {
        const failure = sendResetFailure(error);
        if (failure.kind === 'field') form.setFieldError('email', failure.message);
        else showErrorToast(failure.message);
      },
    });
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="lg">
        <AuthHeading
          title="Forgot your password?"
          description="Enter the email you log in with and we will send you a link to reset your password."
        />
        <TextInput
          label="Email"
          placeholder="name@company.com"
          type="email"
          autoComplete="email"
          autoFocus
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <Button type="submit" size="md" fullWidth loading={sendReset.isPending}>
          Send reset link
        </Button>
        <Anchor component={Link} to={LOGIN_PATH} size="sm" fw={500} ta="center">
          Back to login
        </Anchor>
      </Stack>
    </form>
  );
}
