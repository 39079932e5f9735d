import { z } from 'zod';
import { isPublicDomain } from './domain';
import { authMessages, EMAIL_ADDRESS_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './messages';

export { authMessages, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, EMAIL_ADDRESS_MAX_LENGTH } from './messages';

/** A required string: missing, blank and whitespace-only all give the one message. */
export function requiredString(message: string) {
  return z.string({ error: message }).trim().min(1, { error: message, abort: true });
}

export const emailSchema = requiredString(authMessages.emailRequired)
  .max(EMAIL_ADDRESS_MAX_LENGTH, { error: authMessages.emailInvalid, abort: true })
  .check(z.email({ error: authMessages.emailInvalid }));

export const domainSchema = requiredString(authMessages.domainRequired)
  .refine(isPublicDomain, { error: authMessages.domainInvalid })
  .transform((domain) => domain.toLowerCase());

/** A new password: required, at least 6 characters. */
export const newPasswordSchema = z
  .string({ error: authMessages.passwordRequired })
  .min(1, { error: authMessages.passwordRequired, abort: true })
  .min(PASSWORD_MIN_LENGTH, { error: authMessages.passwordTooShort, abort: true })
  .max(PASSWORD_MAX_LENGTH, { error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long` });

/** A password being checked (login, old password): only required, so a wrong one is just wrong. */
export const givenPasswordSchema = z
  .string({ error: authMessages.passwordRequired })
  .min(1, { error: authMessages.passwordRequired, abort: true })
  .max(PASSWORD_MAX_LENGTH, { error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long` });

export const personNameSchema = requiredString(authMessages.nameRequired).max(200);

/** Ids are UUIDs; anything else is a bad request, never a database error. */
export function idSchema(requiredMessage = 'Id is required') {
  return z
    .string({ error: requiredMessage })
    .min(1, { error: requiredMessage, abort: true })
    .check(z.uuid({ error: 'Not a valid id' }));
}

/** Web address rule of spec section 5: parses, and uses http or https. */
export function webAddressSchema(requiredMessage: string) {
  return requiredString(requiredMessage)
    .max(2000, { error: authMessages.urlInvalid, abort: true })
    .refine(
      (value) => {
        try {
          const url = new URL(value);
          return url.protocol === 'http:' || url.protocol === 'https:';
        } catch {
          return false;
        }
      },
      { error: authMessages.urlInvalid },
    );
}

/** One-time link tokens travel in URLs: base64url text. */
export const linkTokenSchema = requiredString(authMessages.tokenRequired).max(200);
