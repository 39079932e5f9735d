import { Controller } from '@nestjs/common';
import {
  type ParsedRequestOf,
  type RecipientReportKind,
  reportCampaignsListContract,
  reportRecipientContracts,
  reportStatsAggregateContract,
  reportStatsListContract,
  reportTemplatesListContract,
  reportTopEmailClientClickContract,
  reportTopEmailClientOpenContract,
  reportTopLinkContract,
} from '@meridian/contracts';
import { Auth, Endpoint, Input, type RequestContext } from '@meridian/server-kit';
import { ReportsService } from './reports.service';

type Filter = ParsedRequestOf<typeof reportStatsAggregateContract>;
const recipients = reportRecipientContracts;

/** Spec 7 "Reports (v2)": every campaigns/reports/* call. */
@Controller()
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @Endpoint(reportStatsAggregateContract)
  async aggregate(@Auth() auth: RequestContext, @Input() input: Filter) {
    return { stats: await this.reports.stats(auth, input) };
  }

  @Endpoint(reportStatsListContract)
  runs(@Auth() auth: RequestContext, @Input() input: ParsedRequestOf<typeof reportStatsListContract>) {
    return this.reports.runs(auth, input);
  }

  @Endpoint(reportTopLinkContract)
  topLinks(@Auth() auth: RequestContext, @Input() input: Filter) {
    return this.reports.topLinks(auth, input);
  }

  @Endpoint(reportTopEmailClientOpenContract)
  openClients(@Auth() auth: RequestContext, @Input() input: Filter) {
    return this.reports.emailClients(auth, input, 'open');
  }

  @Endpoint(reportTopEmailClientClickContract)
  clickClients(@Auth() auth: RequestContext, @Input() input: Filter) {
    return this.reports.emailClients(auth, input, 'click');
  }

  @Endpoint(recipients.recipient_engagement)
  engagement(@Auth() auth: RequestContext, @Input() input: Filter) {
    return this.recipientsOf(auth, 'recipient_engagement', input);
  }

  @Endpoint(recipients.recipient_not_sent)
  notSent(@Auth() auth: RequestContext, @Input() input: Filter) {
    return this.recipientsOf(auth, 'recipient_not_sent', input);
  }

  @Endpoint(recipients.recipient_open)
  opened(@Auth() auth: RequestContext, @Input() input: Filter) {
    return this.recipientsOf(auth, 'recipient_open', input);
  }

  @Endpoint(recipients.recipient_click)
  clicked(@Auth() auth: RequestContext, @Input() input: Filter) {
    return this.recipientsOf(auth, 'recipient_click', input);
  }

  @Endpoint(recipients.recipient_bounce)
  bounced(@Auth() auth: RequestContext, @Input() input: Filter) {
    return this.recipientsOf(auth, 'recipient_bounce', input);
  }

  @Endpoint(recipients.recipient_unsub)
  unsubscribed(@Auth() auth: RequestContext, @Input() input: Filter) {
    return this.recipientsOf(auth, 'recipient_unsub', input);
  }

  @Endpoint(recipients.recipient_spamreport)
  spam(@Auth() auth: RequestContext, @Input() input: Filter) {
    return this.recipientsOf(auth, 'recipient_spamreport', input);
  }

  @Endpoint(reportTemplatesListContract)
  async templates(
    @Auth() auth: RequestContext,
    @Input() input: ParsedRequestOf<typeof reportTemplatesListContract>,
  ) {
    return { templates: await this.reports.templates(auth, input.campaign_id) };
  }

  @Endpoint(reportCampaignsListContract)
  async campaigns(@Auth() auth: RequestContext) {
    return { campaigns: await this.reports.campaigns(auth) };
  }

  private recipientsOf(auth: RequestContext, kind: RecipientReportKind, input: Filter) {
    return this.reports.recipients(auth, kind, input);
  }
}
