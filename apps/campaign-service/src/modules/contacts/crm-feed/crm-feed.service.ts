import { Injectable } from '@nestjs/common';
import type { crmPushConfigured, EventPayload } from '@meridian/contracts';
import { JobQueue, type Transaction } from '@meridian/server-kit';
import { crmFeedExportJob, crmFeedExportKey } from './crm-feed.jobs';
import { CrmFeedRepository, type FeedSetting } from './crm-feed.repository';

type Configured = EventPayload<typeof crmPushConfigured>;

/** The latest setting per connection of a batch of crmPushConfigured (delivery order breaks ties). */
export function latestSettings(batch: readonly Configured[], now = new Date()): FeedSetting[] {
  const latest = new Map<string, FeedSetting>();
  for (const payload of batch) {
    const at = new Date(payload.occurred_at);
    const setting: FeedSetting = {
      organisation_id: payload.organisation_id,
      connection_id: payload.connection_id,
      enabled: payload.enabled,
      fields: [...new Set(payload.fields)],
      inclusion_list: payload.inclusion_list,
      occurred_at: Number.isNaN(at.getTime()) ? now : at,
    };
    const seen = latest.get(setting.connection_id);
    if (!seen || seen.occurred_at <= setting.occurred_at) latest.set(setting.connection_id, setting);
  }
  return [...latest.values()];
}

/**
 * The CRM push feeds' settings, and the minute's sweep that starts their exports. A feed enabled
 * for the first time starts from the moment it was enabled; one enabled again resumes where it
 * stopped, so what changed in between is pushed too.
 */
@Injectable()
export class CrmFeedService {
  constructor(
    private readonly feeds: CrmFeedRepository,
    private readonly jobs: JobQueue,
  ) {}

  /** Stores the settings and, in the same transaction, starts an export of each feed now enabled. */
  async configure(tx: Transaction, batch: readonly Configured[]): Promise<void> {
    const enabled = await this.feeds.configure(tx, latestSettings(batch));
    for (const connectionId of enabled) await this.enqueue(tx, connectionId);
  }

  async tick(): Promise<void> {
    for (const connectionId of await this.feeds.enabledConnections())
      await this.enqueue(undefined, connectionId);
  }

  enqueue(tx: Transaction | undefined, connectionId: string) {
    // A feed's export already waiting keeps its place: the sweep never pushes it back.
    return this.jobs.enqueue(
      tx,
      crmFeedExportJob,
      { connectionId },
      { jobKey: crmFeedExportKey(connectionId), jobKeyMode: 'preserve_run_at' },
    );
  }
}
