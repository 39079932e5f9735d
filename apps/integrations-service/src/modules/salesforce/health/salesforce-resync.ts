import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { events, SALESFORCE_RESYNC_CHUNK } from '@meridian/contracts';
import { EventPublisher, JobQueue, type Transaction } from '@meridian/server-kit';
import { enqueueSalesforceRunNow } from '../sync/salesforce-sync.jobs';
import { type ErrorSelection, SalesforceResyncRepository } from './salesforce-resync.repository';

/**
 * Syncs records again, in the caller's transaction: the errors it retries are resolved together
 * with the requests that retry them, so a rollback leaves both as they were.
 * - Write errors (a push failed): the campaign service is asked to export those persons again
 *   (crmResyncRequested, at most 1000 emails each); their pushed hashes are cleared so the
 *   records pulled next are not taken for echoes of a push Salesforce never took.
 * - Read errors (a pull failed): the object's cursor moves back before the earliest affected record
 *   and those records' hashes are cleared, so the next run pulls and applies them again.
 * No Salesforce call is made here: the pushes and pulls that follow draw from the API budget.
 */
@Injectable()
export class SalesforceResync {
  constructor(
    private readonly resyncs: SalesforceResyncRepository,
    private readonly publisher: EventPublisher,
    private readonly jobs: JobQueue,
  ) {}

  /** Answers how many errors were retried. `alsoPush` are emails pushed again in any case. */
  async run(
    tx: Transaction,
    organisationId: string,
    connectionId: string,
    selection: ErrorSelection,
    alsoPush: readonly string[] = [],
  ): Promise<number> {
    const picked = await this.resyncs.resolve(tx, connectionId, selection);
    const emails = [...new Set([...picked.emails, ...alsoPush.map((e) => e.toLowerCase())])];
    await this.resyncs.forgetPushed(tx, connectionId, emails);
    await this.requestExport(tx, organisationId, connectionId, emails);
    await this.resyncs.rewind(tx, connectionId, picked.repull, picked.sfIds);
    if (picked.repull.length > 0 && (await this.resyncs.runSoon(tx, connectionId))) {
      await enqueueSalesforceRunNow(this.jobs, tx, organisationId, connectionId);
    }
    return picked.resolved;
  }

  private async requestExport(
    tx: Transaction,
    organisationId: string,
    connectionId: string,
    emails: readonly string[],
  ): Promise<void> {
    const occurredAt = new Date().toISOString();
    const batches = [];
    for (let i = 0; i < emails.length; i += SALESFORCE_RESYNC_CHUNK) {
      batches.push({
        definition: events.crmResyncRequested,
        payload: {
          organisation_id: organisationId,
          connection_id: connectionId,
          request_id: randomUUID(),
          emails: emails.slice(i, i + SALESFORCE_RESYNC_CHUNK),
          occurred_at: occurredAt,
        },
      });
    }
    await this.publisher.publishMany(tx, batches);
  }
}
