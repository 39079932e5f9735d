import { AuthError } from '../../common/auth-error';

export type InvitesErrorCode = 'ForbiddenException' | 'AccountAlreadyExistsException' | 'LastAdminException';

export class InvitesError extends AuthError<InvitesErrorCode> {}

export const INVITE_NOT_FOUND = 'Invite not found';
export const ACCOUNT_NOT_FOUND = 'Account not found';
