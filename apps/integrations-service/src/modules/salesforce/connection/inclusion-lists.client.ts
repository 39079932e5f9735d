import { Inject, Injectable } from '@nestjs/common';
import { campaignGetContract, type Endpoint, staticListGetContract } from '@meridian/contracts';
import { CONFIG } from '@meridian/server-kit';
import type { IntegrationsConfig } from '../../../config';
import { callCampaignService } from '../session/campaign-service-call';

/**
 * Whether the caller's organisation has the list an inclusion list names, asked of the lists'
 * owner (the campaign service) with the caller's own token, so the owner applies its tenant rules:
 * a static list by its id, a dynamic list by its campaign's id.
 */
@Injectable()
export class InclusionListsClient {
  constructor(@Inject(CONFIG) private readonly config: IntegrationsConfig) {}

  async exists(
    bearerToken: string,
    list: { list_id: string; list_type: 'static' | 'dynamic' },
  ): Promise<boolean> {
    const [contract, body]: [Endpoint, object] =
      list.list_type === 'static'
        ? [staticListGetContract, { static_list_id: list.list_id }]
        : [campaignGetContract, { campaign_id: list.list_id }];
    const response = await callCampaignService(this.config.CAMPAIGN_SERVICE_URL, contract, body, bearerToken);
    // 400: an id that cannot be a list's (not a uuid) names no list either.
    if (response.status === 404 || response.status === 400) return false;
    if (!response.ok) throw new Error(`campaign service answered ${response.status} to ${contract.path}`);
    return true;
  }
}
