import { z } from 'zod';
import { isPublicDomain } from './domain';

/** Validation messages of spec section 5 for accounts, word for word. */
export const authMessages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  domainRequired: 'Domain is required',
  domainInvalid: 'Please enter a valid domain',
  domainNotEmails: 'The domain must be the domain of your email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters long',
  passwordsDoNotMatch: 'Passwords do not match',
  nameRequired: 'Name is required',
  organisationRequired: 'Organization is required',
  personRequired: 'Person is required',
  ssoUrlRequired: 'Single sign-on URL is required',
  urlInvalid: 'Please enter a valid url',
  entityIdRequired: 'IDP issuer is required',
  certificateRequired: 'Certificate is required',
  labelRequired: 'Label is required',
  keyTypeRequired: 'Key type is required',
  tokenRequired: 'Token is required',
  roleRequired: 'Role is required',
} as const;

/** Spec section 9: password minimum 6 characters. The maximum only bounds hashing work. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 256;

/** A required string: missing, blank and whitespace-only all give the one message. */
export function requiredString(message: string) {
  return z.string({ error: message }).trim().min(1, { error: message, abort: true });
}

/**
 * The longest address an SMTP server takes as a recipient: RFC 5321's 256-octet path holds
 * `<local@domain>`, and servers (ours among them) refuse 254 characters, so an invite or reset
 * mail to a longer address would fail after the account was accepted.
 */
export const EMAIL_ADDRESS_MAX_LENGTH = 253;

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
