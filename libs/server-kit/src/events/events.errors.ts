import { DomainError } from '../errors/domain-error';

export type EventsErrorCode = 'InvalidEventPayloadException' | 'EventPublishedOutsideTransactionException';

/**
 * A service tried to publish an event it built wrongly. That is a server bug, not
 * the caller's, so it answers 500 with the generic description; the details stay
 * in the log (issue paths only, never the payload).
 */
export class EventsError extends DomainError {
  constructor(
    code: EventsErrorCode,
    readonly event: string,
    readonly issues: string[] = [],
  ) {
    super(code, { status: 500, description: 'Something went wrong!' });
  }
}
