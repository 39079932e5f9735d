import { AuthError } from '../../common/auth-error';

export type SessionsErrorCode =
  | 'InvalidPasswordException'
  | 'EmailNotVerifiedException'
  | 'AccountDisabledException'
  | 'SsoLoginRequiredException'
  | 'TooManyRequestsException'
  | 'ForbiddenException';

export class SessionsError extends AuthError<SessionsErrorCode> {}
