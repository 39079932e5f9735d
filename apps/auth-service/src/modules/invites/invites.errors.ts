import { AuthError } from '../../common/auth-error';

export type InvitesErrorCode = 'ForbiddenException' | 'AccountAlreadyExistsException' | 'LastAdminException';

export class InvitesError extends AuthError<InvitesErrorCode> {}

export const INVITE_NOT_FOUND = 'Invite not found';
export const ACCOUNT_NOT_FOUND = 'Account not found';
/** Spec 5 "Invite form": the email cannot change when editing (resend and update alike). */
export const EMAIL_CANNOT_CHANGE = 'Email cannot be changed';
