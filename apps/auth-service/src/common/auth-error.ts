import { authErrors, type AuthErrorCode, type CommonErrorCode } from '@meridian/contracts';
import { DomainError, type DomainErrorOptions } from '@meridian/server-kit';

/**
 * Base of the auth features' errors: a code of the auth catalogue takes its
 * status and description from there; common codes from the common catalogue.
 */
export class AuthError<Code extends AuthErrorCode | CommonErrorCode> extends DomainError {
  constructor(code: Code, options: DomainErrorOptions = {}) {
    const known = (authErrors as Record<string, { status: number; description: string | null }>)[code];
    super(code, known ? { status: known.status, description: known.description, ...options } : options);
  }
}
