import { campaignMessages } from '@meridian/contracts';
import { NotFoundError } from '@meridian/server-kit';

/** A campaign of another organisation, or none: the same answer. */
export class CampaignNotFoundError extends NotFoundError {
  constructor() {
    super(campaignMessages.notFound);
  }
}
