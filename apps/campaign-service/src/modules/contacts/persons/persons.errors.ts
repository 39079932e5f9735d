import { DomainError } from '@meridian/server-kit';

export type PersonsErrorCode =
  'PersonAlreadyExistsException' | 'InvalidPersonFieldException' | 'EmailMismatchException';

const STATUS: Record<PersonsErrorCode, number> = {
  PersonAlreadyExistsException: 409,
  InvalidPersonFieldException: 400,
  EmailMismatchException: 400,
};

export class PersonsError extends DomainError {
  constructor(code: PersonsErrorCode, description: string, fields: Record<string, string[]> = {}) {
    super(code, { status: STATUS[code], description, fields });
  }
}
