import { Controller } from '@nestjs/common';
import { campaignDryRunContract, type ParsedRequestOf } from '@meridian/contracts';
import { Auth, Endpoint, Input, type RequestContext } from '@meridian/server-kit';
import { DryRunService } from './dry-run.service';

@Controller()
export class DryRunController {
  constructor(private readonly dryRun: DryRunService) {}

  @Endpoint(campaignDryRunContract)
  run(@Auth() auth: RequestContext, @Input() input: ParsedRequestOf<typeof campaignDryRunContract>) {
    return this.dryRun.run(auth, input.campaign_id, input.person_id);
  }
}
