import { Controller } from '@nestjs/common';
import {
  campaignCloneContract,
  campaignCreateContract,
  campaignDeleteContract,
  campaignGetContract,
  campaignsListAllContract,
  campaignsListContract,
  campaignUpdateContract,
  type ParsedRequestOf,
  type ResponseOf,
} from '@meridian/contracts';
import { Auth, Endpoint, Input, type RequestContext } from '@meridian/server-kit';
import { CampaignsService } from './campaigns.service';

type In<E extends Parameters<typeof Endpoint>[0]> = ParsedRequestOf<E>;

@Controller()
export class CampaignsController {
  constructor(private readonly campaigns: CampaignsService) {}

  @Endpoint(campaignsListContract)
  list(@Auth() auth: RequestContext, @Input() input: In<typeof campaignsListContract>) {
    return this.campaigns.page(auth, input);
  }

  @Endpoint(campaignsListAllContract)
  async listAll(@Auth() auth: RequestContext) {
    return { records: await this.campaigns.all(auth) };
  }

  @Endpoint(campaignGetContract)
  async get(@Auth() auth: RequestContext, @Input() input: In<typeof campaignGetContract>) {
    return { campaign: await this.campaigns.get(auth, input.campaign_id) };
  }

  @Endpoint(campaignCreateContract)
  async create(@Auth() auth: RequestContext, @Input() input: In<typeof campaignCreateContract>) {
    return { campaign: await this.campaigns.create(auth, input.name, input.campaign_context) };
  }

  @Endpoint(campaignUpdateContract)
  async update(@Auth() auth: RequestContext, @Input() input: In<typeof campaignUpdateContract>) {
    return { campaign: await this.campaigns.rename(auth, input.campaign_id, input.name) };
  }

  @Endpoint(campaignDeleteContract)
  async remove(
    @Auth() auth: RequestContext,
    @Input() input: In<typeof campaignDeleteContract>,
  ): Promise<ResponseOf<typeof campaignDeleteContract>> {
    await this.campaigns.remove(auth, input.campaign_id);
    return { success: true };
  }

  @Endpoint(campaignCloneContract)
  async clone(@Auth() auth: RequestContext, @Input() input: In<typeof campaignCloneContract>) {
    return { campaign: await this.campaigns.clone(auth, input.campaign_id, input.name) };
  }
}
