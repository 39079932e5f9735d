import { commonErrors, type CommonErrorCode } from '@meridian/contracts';

export interface DomainErrorOptions {
  description?: string | null;
  fields?: Record<string, string[]>;
  /** Only for codes outside the common catalogue; defaults to 400. */
  status?: number;
}

/**
 * What services throw. A code names the failure (as the spec names them,
 * e.g. `InvalidPasswordException`); the error filter maps it to the status and
 * the error body. Features subclass it (`class AccountsError extends DomainError`).
 */
export class DomainError extends Error {
  readonly status: number;
  readonly description: string | null;
  readonly fields: Record<string, string[]>;

  constructor(
    readonly code: CommonErrorCode | (string & {}),
    options: DomainErrorOptions = {},
  ) {
    const known = (commonErrors as Record<string, { status: number; description: string | null }>)[code];
    const description =
      options.description !== undefined ? options.description : (known?.description ?? null);
    super(description ?? code);
    this.name = new.target.name;
    this.status = options.status ?? known?.status ?? 400;
    this.description = description;
    this.fields = options.fields ?? {};
  }
}

/** A row of another organisation, or one that does not exist: the same answer. */
export class NotFoundError extends DomainError {
  constructor(what = 'Not found') {
    super('NotFoundException', { description: what });
  }
}

export class ValidationError extends DomainError {
  constructor(fields: Record<string, string[]>, description?: string | null) {
    const first = Object.values(fields).find((m) => m.length > 0)?.[0] ?? null;
    super('ValidationException', { fields, description: description === undefined ? first : description });
  }
}
