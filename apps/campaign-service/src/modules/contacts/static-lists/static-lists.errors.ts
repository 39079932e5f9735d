import { DomainError } from '@meridian/server-kit';

export type StaticListsErrorCode = 'InvalidCsvException';

export class StaticListsError extends DomainError {
  constructor(code: StaticListsErrorCode, description: string) {
    super(code, { status: 400, description, fields: { file: [description] } });
  }
}
