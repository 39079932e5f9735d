import { DomainError } from '@meridian/server-kit';

export type ContactImportErrorCode =
  'InvalidCsvException' | 'ImportNotReadyException' | 'NothingToImportException';

export class ContactImportError extends DomainError {
  constructor(code: ContactImportErrorCode, description: string) {
    super(code, { status: code === 'InvalidCsvException' ? 400 : 409, description });
  }
}
