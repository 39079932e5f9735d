import { z } from 'zod';

/** Spec section 5: email required and valid, with these messages. */
export const EMAIL_REQUIRED = 'Email is required';
export const EMAIL_INVALID = 'Please enter a valid email address';

export const emailField = z
  .string()
  .trim()
  .min(1, { error: EMAIL_REQUIRED })
  .pipe(z.email({ error: EMAIL_INVALID }));

export const loginEmailFormSchema = z.object({ email: emailField });
export type LoginEmailForm = z.input<typeof loginEmailFormSchema>;
