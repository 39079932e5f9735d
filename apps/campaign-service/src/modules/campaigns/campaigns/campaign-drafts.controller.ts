import { Controller } from '@nestjs/common';
import {
  campaignDraftPublishContract,
  campaignDraftSaveContract,
  campaignDraftValidateContract,
  campaignEditStartContract,
  campaignPublishContract,
  type ParsedRequestOf,
} from '@meridian/contracts';
import { Auth, Endpoint, Input, type RequestContext } from '@meridian/server-kit';
import { CampaignDraftsService } from './campaign-drafts.service';

type In<E extends Parameters<typeof Endpoint>[0]> = ParsedRequestOf<E>;

@Controller()
export class CampaignDraftsController {
  constructor(private readonly drafts: CampaignDraftsService) {}

  @Endpoint(campaignDraftSaveContract)
  save(@Auth() auth: RequestContext, @Input() input: In<typeof campaignDraftSaveContract>) {
    return this.drafts.save(auth, input.campaign_id, input.draft);
  }

  @Endpoint(campaignDraftValidateContract)
  validate(@Auth() auth: RequestContext, @Input() input: In<typeof campaignDraftValidateContract>) {
    return this.drafts.validate(auth, input.campaign_id);
  }

  @Endpoint(campaignPublishContract)
  async publish(@Auth() auth: RequestContext, @Input() input: In<typeof campaignPublishContract>) {
    return { campaign: await this.drafts.publish(auth, input.campaign_id, input.active) };
  }

  @Endpoint(campaignDraftPublishContract)
  async publishDraft(@Auth() auth: RequestContext, @Input() input: In<typeof campaignDraftPublishContract>) {
    return { campaign: await this.drafts.publish(auth, input.campaign_id) };
  }

  @Endpoint(campaignEditStartContract)
  async editStart(@Auth() auth: RequestContext, @Input() input: In<typeof campaignEditStartContract>) {
    return { campaign: await this.drafts.editStart(auth, input.campaign_id) };
  }
}
