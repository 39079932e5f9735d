import { Inject, Injectable } from '@nestjs/common';
import {
  type campaignDryRunContract,
  dryRunMessages,
  emptyFlow,
  flowSchema,
  type ResponseOf,
} from '@meridian/contracts';
import { MAIL_DEFAULT_SENDER, NotFoundError, type RequestContext } from '@meridian/server-kit';
import { PersonalisationService } from '../../assets/personalisation';
import { personVariables } from '../../assets/personalisation/personalisation.service';
import type { SenderAddress } from '../../assets/templates/sender';
import {
  GLOBAL_EMAIL_SETTINGS,
  type GlobalEmailSettings,
} from '../../assets/templates/template-test-send.service';
import { PersonsService } from '../../contacts/persons/persons.service';
import { CampaignsService } from '../campaigns/campaigns.service';
import { walkFlow } from '../journey/dry-run-walk';
import { DryRunRepository } from './dry-run.repository';
import { journeyPorts } from './journey-ports';
import { CompiledPersonFilter } from './compiled-person-filter';

/** The current time, a provider of its own so a test can fix 'today'. */
@Injectable()
export class DryRunClock {
  now(): Date {
    return new Date();
  }
}

/** Which path the working copy of a flow would take for one contact today; nothing is sent or saved. */
@Injectable()
export class DryRunService {
  constructor(
    private readonly campaigns: CampaignsService,
    private readonly persons: PersonsService,
    private readonly personalisation: PersonalisationService,
    private readonly repository: DryRunRepository,
    private readonly filter: CompiledPersonFilter,
    @Inject(GLOBAL_EMAIL_SETTINGS) private readonly globalSettings: GlobalEmailSettings,
    @Inject(MAIL_DEFAULT_SENDER) private readonly platformSender: SenderAddress,
    private readonly clock: DryRunClock,
  ) {}

  async run(
    auth: RequestContext,
    campaignId: string,
    personId: string,
  ): Promise<ResponseOf<typeof campaignDryRunContract>> {
    const campaign = await this.campaigns.get(auth, campaignId);
    const [row] = await this.persons.findMany(auth.organisationId, [personId]);
    if (!row) throw new NotFoundError(dryRunMessages.personNotFound);
    const now = this.clock.now();
    // decisions.md "Campaigns": the working copy is the draft's flow, else the live one.
    const stored = (campaign.draft_data?.flow as unknown) ?? campaign.flow;
    const parsed = flowSchema.safeParse(stored ?? emptyFlow());
    const flow = parsed.success ? parsed.data : emptyFlow();
    const ports = journeyPorts({
      organisationId: auth.organisationId,
      campaignContext: campaign.campaign_context,
      repository: this.repository,
      personalisation: this.personalisation,
      globalSettings: this.globalSettings,
      platformSender: this.platformSender,
      filter: this.filter.forOrganisation(auth.organisationId),
    });
    const person = {
      id: row.id,
      email: row.email,
      unsubscribed: row.unsubscribed,
      variables: personVariables(row),
    };
    const walk = await walkFlow(flow, person, ports, now);
    return {
      person: { id: row.id, email: row.email, first_name: row.first_name, last_name: row.last_name },
      evaluated_at: now.toISOString(),
      ...walk,
    };
  }
}
