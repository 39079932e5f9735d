import { Injectable } from '@nestjs/common';
import {
  type Campaign,
  campaignChanged,
  type CampaignContext,
  campaignsListContract,
  cloneCampaignName,
  pageCount,
  type ParsedRequestOf,
} from '@meridian/contracts';
import { EventPublisher, type RequestContext, type Transaction, Transactions } from '@meridian/server-kit';
import type { CampaignEntity } from './campaign.entity';
import { CampaignNotFoundError, OrgContextUnavailableError } from './campaigns.errors';
import { type Author, CampaignsRepository } from './campaigns.repository';
import { RunSchedulerService } from '../engine/run-scheduler.service';
import { SettingsService } from '../../settings/organisation-settings/settings.service';

type ListInput = ParsedRequestOf<typeof campaignsListContract>;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toCampaign(row: CampaignEntity): Campaign {
  return {
    campaign_id: row.id,
    name: row.name,
    campaign_context: row.campaign_context,
    draft: row.draft,
    active: row.active,
    version: row.version,
    created_by: row.created_by_id ? { id: row.created_by_id, name: row.created_by_name ?? '' } : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    activated_at: iso(row.activated_at),
    deactivated_at: iso(row.deactivated_at),
    flow: row.flow,
    dynamic_list: row.dynamic_list,
    // Spec 3 "Schedule" names its campaign.
    schedule: row.schedule ? { ...row.schedule, campaign_id: row.id } : null,
    rule: row.rule,
    draft_data: row.draft_data,
    counts: {
      count_processed: row.count_processed,
      count_delivered: row.count_delivered,
      count_bounced: row.count_bounced,
      count_dropped: row.count_dropped,
      count_not_sent: row.count_not_sent,
      open_count: row.open_count,
      total_count: row.total_count,
    },
  };
}

const authorOf = (auth: RequestContext): Author => ({ id: auth.accountId, name: auth.name ?? auth.email });

/** Campaigns of the caller's organisation: list, create, get, rename, clone, delete. */
@Injectable()
export class CampaignsService {
  constructor(
    private readonly campaigns: CampaignsRepository,
    private readonly runs: RunSchedulerService,
    private readonly transactions: Transactions,
    private readonly events: EventPublisher,
    private readonly settings: SettingsService,
  ) {}

  /** Tells other services (the reports) a campaign's name or removal, with the change itself. */
  private announce(tx: Transaction, auth: RequestContext, id: string, name: string, deleted = false) {
    return this.events.publish(tx, campaignChanged, {
      organisation_id: auth.organisationId,
      campaign_id: id,
      name,
      deleted,
      occurred_at: new Date().toISOString(),
    });
  }

  private async createAnnounced(auth: RequestContext, data: Parameters<CampaignsRepository['create']>[2]) {
    return this.transactions.run(async (tx) => {
      const row = await this.campaigns.create(auth.organisationId, authorOf(auth), data, tx);
      await this.announce(tx, auth, row.id, row.name);
      return row;
    });
  }

  async page(auth: RequestContext, input: ListInput) {
    const [rows, total] = await this.campaigns.page(auth.organisationId, {
      keyword: input.query?.search?.keyword || undefined,
      limit: input.page_size,
      offset: (input.page_number - 1) * input.page_size,
    });
    return {
      records: rows.map(toCampaign),
      page_number: input.page_number,
      page_size: input.page_size,
      page_count: pageCount(total, input.page_size),
      total_count: total,
    };
  }

  async all(auth: RequestContext): Promise<Campaign[]> {
    return (await this.campaigns.all(auth.organisationId)).map(toCampaign);
  }

  async get(auth: RequestContext, id: string): Promise<Campaign> {
    return toCampaign(await this.require(auth, id));
  }

  private async require(auth: RequestContext, id: string): Promise<CampaignEntity> {
    const row = await this.campaigns.find(auth.organisationId, id);
    if (!row) throw new CampaignNotFoundError();
    return row;
  }

  async create(auth: RequestContext, name: string, context: CampaignContext): Promise<Campaign> {
    if (context === 'org' && (await this.settings.get(auth)).person_org_mapping === 'one_to_none')
      throw new OrgContextUnavailableError();
    const row = await this.createAnnounced(auth, {
      name,
      campaign_context: context,
      flow: null,
      dynamic_list: null,
      schedule: null,
      rule: null,
    });
    return toCampaign(row);
  }

  async rename(auth: RequestContext, id: string, name: string): Promise<Campaign> {
    await this.transactions.run(async (tx) => {
      if (!(await this.campaigns.rename(auth.organisationId, id, name, tx)))
        throw new CampaignNotFoundError();
      await this.announce(tx, auth, id, name);
    });
    return this.get(auth, id);
  }

  async remove(auth: RequestContext, id: string): Promise<void> {
    // Its runs go with it: first they end as cancelled, with their events.
    await this.runs.removing(auth.organisationId, id);
    await this.transactions.run(async (tx) => {
      const row = await this.campaigns.find(auth.organisationId, id, tx);
      if (!row || !(await this.campaigns.remove(auth.organisationId, id, tx)))
        throw new CampaignNotFoundError();
      await this.announce(tx, auth, id, row.name, true);
    });
  }

  /**
   * A copy of the campaign's dynamic list, workflow, schedule and rule, and of its unpublished
   * draft (runs and counts stay behind). The copy is inactive with no next run until it is published: a copy running on the
   * source's schedule would mail the same audience a second time.
   */
  async clone(auth: RequestContext, id: string, name?: string): Promise<Campaign> {
    const source = await this.require(auth, id);
    const schedule =
      source.schedule && typeof source.schedule === 'object' && !Array.isArray(source.schedule)
        ? { ...source.schedule, next_run_time: null }
        : source.schedule;
    const row = await this.createAnnounced(auth, {
      name: name ?? cloneCampaignName(source.name),
      campaign_context: source.campaign_context,
      flow: source.flow,
      dynamic_list: source.dynamic_list,
      schedule,
      rule: source.rule,
      active: false,
      draft: source.draft,
      draft_data: source.draft_data,
    });
    return toCampaign(row);
  }
}
