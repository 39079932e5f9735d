import { AuthError } from '../../common/auth-error';

export type SamlErrorCode =
  | 'ForbiddenException'
  | 'SamlConfigExistsException'
  | 'InvalidCertificateException'
  | 'SamlLoginFailedException'
  | 'ValidationException';

export class SamlError extends AuthError<SamlErrorCode> {}

/** Why a SAML response was refused: logged, never shown (the browser only learns it failed). */
export class SamlRejection extends Error {}
