import { templateMessages } from '@meridian/contracts';
import { DomainError, NotFoundError } from '@meridian/server-kit';

export type TemplatesErrorCode = 'InvalidEmailException' | 'PersonNotFoundException';

/** A template of another organisation, or none: the same answer. */
export class TemplateNotFoundError extends NotFoundError {
  constructor() {
    super(templateMessages.notFound);
  }
}

export class StarterTemplateNotFoundError extends NotFoundError {
  constructor() {
    super(templateMessages.starterNotFound);
  }
}

/** A test send that cannot go out: no address to send to or from, or an unknown recipient. */
export class TemplatesError extends DomainError {
  constructor(code: TemplatesErrorCode, description: string, field?: string) {
    super(code, {
      status: code === 'PersonNotFoundException' ? 404 : 400,
      description,
      fields: field ? { [field]: [description] } : {},
    });
  }
}
