import { salesforceHealthMessages } from '@meridian/contracts';
import { NotFoundError } from '@meridian/server-kit';

/** Another organisation's connection, a deleted one, or none: the same answer. */
export class SalesforceConnectionNotFoundError extends NotFoundError {
  constructor() {
    super(salesforceHealthMessages.connectionNotFound);
  }
}

/** A Salesforce record that is not one of the person's (or another organisation's). */
export class SalesforceRecordNotFoundError extends NotFoundError {
  constructor() {
    super(salesforceHealthMessages.recordNotFound);
  }
}
