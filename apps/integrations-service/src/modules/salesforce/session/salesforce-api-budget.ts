import { Injectable } from '@nestjs/common';
import { SalesforceApiUsageRepository, type ApiUsage } from './salesforce-api-usage.repository';

/**
 * The one API budget: every Salesforce call a sync, a flow step or a resync makes is taken from
 * the organisation's daily allocation (`max_allocated`, itself at most the org's DailyApiRequests)
 * before it is made. Work that gets no calls stays queued for a later run, never fails.
 */
@Injectable()
export class SalesforceApiBudget {
  constructor(private readonly usage: SalesforceApiUsageRepository) {}

  /** How many of `wanted` calls may be made now (0 when today's allocation is used up). */
  async take(organisationId: string, connectionId: string, wanted: number): Promise<number> {
    if (wanted <= 0) return 0;
    return this.usage.take(organisationId, await this.usage.allowance(organisationId, connectionId), wanted);
  }

  /** Records calls that were made without asking (login, setup describes). */
  async spent(organisationId: string, calls: number): Promise<void> {
    if (calls > 0) await this.usage.add(organisationId, calls);
  }

  async today(organisationId: string): Promise<ApiUsage> {
    return this.usage.today(organisationId);
  }
}
