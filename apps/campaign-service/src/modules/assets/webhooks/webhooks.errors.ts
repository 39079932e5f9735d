import { webhookMessages } from '@meridian/contracts';
import { NotFoundError } from '@meridian/server-kit';

/** Another organisation's webhook, or none: the same answer. */
export class WebhookNotFoundError extends NotFoundError {
  constructor() {
    super(webhookMessages.notFound);
  }
}
