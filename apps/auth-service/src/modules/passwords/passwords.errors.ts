import { AuthError } from '../../common/auth-error';

export type PasswordsErrorCode =
  | 'LinkExpiredException'
  | 'InvalidOldPasswordException'
  | 'AccountDoesNotExistsException'
  | 'SsoLoginRequiredException';

export class PasswordsError extends AuthError<PasswordsErrorCode> {}
