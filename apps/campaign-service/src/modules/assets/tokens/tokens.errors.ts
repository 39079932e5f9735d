import { DomainError } from '@meridian/server-kit';

export type TokensErrorCode =
  'TokenNameExistsException' | 'TokenTypeChangeException' | 'TokenNotSavedException';

const STATUS: Record<TokensErrorCode, number> = {
  TokenNameExistsException: 409,
  TokenTypeChangeException: 400,
  TokenNotSavedException: 400,
};

export class TokensError extends DomainError {
  constructor(code: TokensErrorCode, description: string, fields: Record<string, string[]> = {}) {
    super(code, { status: STATUS[code], description, fields });
  }
}
