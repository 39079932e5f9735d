import { AuthError } from '../../common/auth-error';

export type InternalErrorCode = 'StaffImpersonationException' | 'AccountDisabledException';

export class InternalError extends AuthError<InternalErrorCode> {}
