import { campaignMessages } from '@meridian/contracts';
import { NotFoundError, ValidationError } from '@meridian/server-kit';

/** A campaign of another organisation, or none: the same answer. */
export class CampaignNotFoundError extends NotFoundError {
  constructor() {
    super(campaignMessages.notFound);
  }
}

/** An org-context campaign in an organisation whose person/org mapping is one_to_none. */
export class OrgContextUnavailableError extends ValidationError {
  constructor() {
    super({ campaign_context: [campaignMessages.orgContextUnavailable] });
  }
}
