import { AuthError } from '../../common/auth-error';

export type AccountsErrorCode = 'AccountAlreadyExistsException' | 'LinkExpiredException';

export class AccountsError extends AuthError<AccountsErrorCode> {}

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists';
