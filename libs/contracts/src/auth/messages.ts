// Plain values, no schema library: the login page's first load reads them without zod.

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

/**
 * The longest address an SMTP server takes as a recipient: RFC 5321's 256-octet path holds
 * `<local@domain>`, and servers (ours among them) refuse 254 characters, so an invite or reset
 * mail to a longer address would fail after the account was accepted.
 */
export const EMAIL_ADDRESS_MAX_LENGTH = 253;
