import { Inject, Injectable } from '@nestjs/common';
import type { CampaignContext } from '@meridian/contracts';
import { MAIL_DEFAULT_SENDER } from '@meridian/server-kit';
import { PersonalisationService } from '../../assets/personalisation';
import type { SenderAddress } from '../../assets/templates/sender';
import {
  GLOBAL_EMAIL_SETTINGS,
  type GlobalEmailSettings,
} from '../../assets/templates/template-test-send.service';
import { CompiledPersonFilter } from '../dry-run/compiled-person-filter';
import { DryRunRepository } from '../dry-run/dry-run.repository';
import { journeyPorts, tokenKey, tokenValues } from '../dry-run/journey-ports';
import type { JourneyPerson, JourneyPorts } from '../journey/journey.types';

/** The evaluator's read ports for a run: the very ones the dry run uses, so both decide alike. */
@Injectable()
export class EnginePorts {
  constructor(
    private readonly repository: DryRunRepository,
    private readonly personalisation: PersonalisationService,
    private readonly filter: CompiledPersonFilter,
    @Inject(GLOBAL_EMAIL_SETTINGS) private readonly globalSettings: GlobalEmailSettings,
    @Inject(MAIL_DEFAULT_SENDER) private readonly platformSender: SenderAddress,
  ) {}

  /**
   * The ports for a batch: the tokens its step reads are rendered for every person at once, and
   * the evaluator is served from that (the dry run renders one person, one token at a time).
   */
  async forBatch(
    organisationId: string,
    campaignContext: CampaignContext,
    persons: readonly JourneyPerson[],
    tokens: readonly string[],
  ): Promise<JourneyPorts> {
    const ports = this.forRun(organisationId, campaignContext);
    const known = await tokenValues(
      { organisationId, campaignContext, personalisation: this.personalisation },
      persons,
      tokens,
    );
    return {
      ...ports,
      tokenValue: (person, token) =>
        Promise.resolve(known.get(tokenKey(person, token)) ?? ports.tokenValue(person, token)),
    };
  }

  forRun(organisationId: string, campaignContext: CampaignContext): JourneyPorts {
    return journeyPorts({
      organisationId,
      campaignContext,
      repository: this.repository,
      personalisation: this.personalisation,
      globalSettings: this.globalSettings,
      platformSender: this.platformSender,
      filter: this.filter.forOrganisation(organisationId),
    });
  }
}
