import {
  authMessages,
  credentialsSchema,
  lookupContract,
  newPasswordSchema,
  passwordSendResetContract,
  registerRequestSchema,
} from '@meridian/contracts';
import { z } from 'zod';

/**
 * The public screens' forms, validated with the contracts' own schemas (spec section 5), so the
 * browser and the server give the same messages.
 */
export const loginEmailFormSchema = lookupContract.request;
export type LoginEmailForm = z.input<typeof loginEmailFormSchema>;

export const loginPasswordFormSchema = credentialsSchema.pick({ password: true });
export type LoginPasswordForm = z.input<typeof loginPasswordFormSchema>;

export const registerFormSchema = registerRequestSchema;
export type RegisterForm = z.input<typeof registerFormSchema>;

export const forgotPasswordFormSchema = passwordSendResetContract.request;
export type ForgotPasswordForm = z.input<typeof forgotPasswordFormSchema>;

/** A new password and its confirmation ('Passwords do not match'). */
export const newPasswordFormSchema = z
  .object({ password: newPasswordSchema, confirm_password: z.string() })
  .refine((values) => values.password === values.confirm_password, {
    path: ['confirm_password'],
    error: authMessages.passwordsDoNotMatch,
  });
export type NewPasswordForm = z.input<typeof newPasswordFormSchema>;
