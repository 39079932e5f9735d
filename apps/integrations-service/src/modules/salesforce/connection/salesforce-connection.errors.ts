import { salesforceConnectionErrorCodes, salesforceMessages } from '@meridian/contracts';
import { DomainError, NotFoundError, ValidationError } from '@meridian/server-kit';
import { SalesforceNotLoggedInError } from '../session/salesforce-sessions';

/** Another organisation's connection, a deleted one, or none: the same answer. */
export class SalesforceConnectionNotFoundError extends NotFoundError {
  constructor() {
    super(salesforceMessages.notFound);
  }
}

/** The inclusion list names a list the caller's organisation does not have (anyone else's is a 404). */
export class InclusionListNotFoundError extends NotFoundError {
  constructor() {
    super(salesforceMessages.listNotFound);
  }
}

type Code = keyof typeof salesforceConnectionErrorCodes;

/** A Salesforce connection failure with its contract code; `description` overrides the default. */
export class SalesforceConnectionError extends DomainError {
  constructor(code: Code, description?: string) {
    super(code, {
      status: salesforceConnectionErrorCodes[code].status,
      description: description ?? salesforceConnectionErrorCodes[code].description,
    });
  }
}

/** One field's message, in the section-8 body shape (400 ValidationException). */
export function fieldError(field: string, message: string): ValidationError {
  return new ValidationError({ [field]: [message] });
}

/** The error code Salesforce (or its OAuth server) answered with, as jsforce names it. */
export function salesforceErrorCode(error: unknown): string | null {
  const named = error as { errorCode?: unknown; name?: unknown } | null;
  if (typeof named?.errorCode === 'string') return named.errorCode;
  if (typeof named?.name === 'string' && named.name !== 'Error') return named.name;
  return null;
}

const REFRESH_FAILED = 'Unable to refresh session due to:';
const TRANSIENT = /ECONN|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|socket|fetch failed|network|timed? ?out|5\d\d/i;

/** The login is gone for good (revoked, expired refresh token): a new login is needed. */
export function isLoginRefused(error: unknown): boolean {
  if (error instanceof SalesforceNotLoggedInError) return true;
  const code = salesforceErrorCode(error);
  if (code === 'invalid_grant' || code === 'INVALID_SESSION_ID') return true;
  // jsforce wraps a refused refresh in a plain Error; an unreachable Salesforce is not a refusal.
  const message = error instanceof Error ? error.message : '';
  return message.startsWith(REFRESH_FAILED) && !TRANSIENT.test(message);
}

/** Salesforce's own words, never more than a line (a token never appears in them). */
export function salesforceMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const firstLine = message.split('\n')[0]?.trim() ?? '';
  return firstLine === '' ? salesforceMessages.salesforceRefused : firstLine.slice(0, 500);
}
