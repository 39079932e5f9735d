import { emailSettingsMessages } from '@meridian/contracts';
import { DomainError, hasRole, type RequestContext } from '@meridian/server-kit';

export type EmailSettingsErrorCode =
  | 'InactiveSenderDomainException'
  | 'EmailSettingExistsException'
  | 'EmailSettingNotFoundException'
  | 'UnsubscribeUrlExistsException'
  | 'UnsubscribeUrlNotFoundException';

const ERRORS: Record<EmailSettingsErrorCode, { status: number; description: string; field?: string }> = {
  InactiveSenderDomainException: {
    status: 400,
    description: emailSettingsMessages.inactiveSenderDomain,
    field: 'from_email.email',
  },
  EmailSettingExistsException: { status: 409, description: emailSettingsMessages.alreadyConfigured },
  EmailSettingNotFoundException: { status: 404, description: emailSettingsMessages.notConfigured },
  UnsubscribeUrlExistsException: { status: 409, description: emailSettingsMessages.unsubUrlExists },
  UnsubscribeUrlNotFoundException: { status: 404, description: emailSettingsMessages.unsubUrlMissing },
};

export class EmailSettingsError extends DomainError {
  constructor(code: EmailSettingsErrorCode) {
    const { status, description, field } = ERRORS[code];
    super(code, { status, description, fields: field ? { [field]: [description] } : {} });
  }
}

/** Decisions, "Admin-only actions": changing what the whole organisation depends on is for admins. */
export function requireAdmin(
  auth: RequestContext,
  description: string = emailSettingsMessages.adminsOnly,
): void {
  if (!hasRole(auth, 'CUSTOMER_ORG_ADMIN')) throw new DomainError('ForbiddenException', { description });
}
