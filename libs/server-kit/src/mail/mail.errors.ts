import { DomainError } from '../errors/domain-error';

export type MailErrorCode = 'MailSendFailed';

/**
 * A mail the transport did not accept. `retryable` tells a sending job whether
 * trying again can help: a connection or throttling problem can, a rejected
 * address or message cannot.
 */
export class MailError extends DomainError {
  constructor(
    description: string,
    readonly retryable: boolean,
    options: { cause?: unknown } = {},
  ) {
    super('MailSendFailed', { description, status: 502 });
    if (options.cause !== undefined) this.cause = options.cause;
  }
}
