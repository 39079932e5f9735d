import { Inject, Injectable } from '@nestjs/common';
import { type AudienceQuery, audienceQuerySchema } from '@meridian/contracts';
import { LOGGER, type Transaction, Transactions } from '@meridian/server-kit';
import type { Logger } from 'pino';
import { AudienceQueryError } from '../../campaigns/audience/audience-values';
import { PersonsService } from '../persons/persons.service';
import { batchKey } from './crm-export-batches';
import { CrmExportPublisher } from './crm-export-publisher';
import { CrmExportRepository, type Inclusion } from './crm-export.repository';
import { CrmFeedRepository, CURSOR_START_ID, type LockedFeed } from './crm-feed.repository';

/** Persons per page of a feed: one read, one cursor move, its batches published with it. */
export const FEED_PAGE_SIZE = 5_000;
/** Pages per export job; a feed with more left puts its job back on the queue. */
const PAGES_PER_JOB = 10;

export type PageOutcome = 'more' | 'done';

/** A campaign stores its dynamic list as `{ query: { conditions } }`. */
const storedQuery = (list: unknown): unknown =>
  list !== null && typeof list === 'object' && 'query' in list ? (list as { query: unknown }).query : list;

/**
 * Exports a feed's changed persons: each page selects the persons changed past its cursor (and in
 * its inclusion list), publishes them as crmPersonsExported (reason 'changed') and moves the cursor,
 * all in one transaction, so a page is published once or not at all.
 */
@Injectable()
export class CrmChangesService {
  constructor(
    private readonly transactions: Transactions,
    private readonly feeds: CrmFeedRepository,
    private readonly exports: CrmExportRepository,
    private readonly persons: PersonsService,
    private readonly publisher: CrmExportPublisher,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Runs pages until the feed is caught up or the job's share is done; 'more' when pages are left. */
  async exportChanged(connectionId: string, signal?: AbortSignal): Promise<PageOutcome> {
    for (let page = 0; page < PAGES_PER_JOB; page++) {
      if (signal?.aborted) return 'more';
      const outcome = await this.transactions.run((tx) => this.exportPage(tx, connectionId));
      if (outcome === 'done') return 'done';
    }
    return 'more';
  }

  async exportPage(tx: Transaction, connectionId: string): Promise<PageOutcome> {
    const feed = await this.feeds.lockEnabled(tx, connectionId);
    if (!feed) return 'done';
    const inclusion = await this.inclusionOf(feed);
    // A dynamic list that cannot be read pushes nobody and keeps the cursor: fixed, it catches up.
    if (!inclusion) return 'done';
    const horizon = await this.exports.horizon(tx);
    const rows = await this.guard(feed, () =>
      this.exports.changedPage(tx, {
        organisationId: feed.organisation_id,
        fields: feed.fields,
        inclusion,
        after: { time: feed.cursor_time, id: feed.cursor_id },
        before: horizon,
        limit: FEED_PAGE_SIZE,
      }),
    );
    if (!rows) return 'done';
    const scope = {
      organisation_id: feed.organisation_id,
      connection_id: feed.connection_id,
      reason: 'changed' as const,
      campaign_id: null,
      run_id: null,
      action_id: null,
      request_id: null,
    };
    const idBase = `changed:${feed.connection_id}:${batchKey(feed.cursor_time, feed.cursor_id)}`;
    await this.publisher.publish(tx, rows, feed.fields, scope, idBase);
    const full = rows.length === FEED_PAGE_SIZE;
    const last = rows[rows.length - 1];
    // A short page read everything before the horizon: the cursor moves up to it (never back).
    await this.feeds.moveCursor(
      tx,
      feed.connection_id,
      full && last ? last.cursor_time : horizon,
      full && last ? last.person_id : CURSOR_START_ID,
    );
    return full ? 'more' : 'done';
  }

  /** A dynamic list the compiler refuses (a field since removed) is handled as an unreadable one. */
  private async guard<T>(feed: LockedFeed, read: () => Promise<T>): Promise<T | null> {
    try {
      return await read();
    } catch (error) {
      if (!(error instanceof AudienceQueryError)) throw error;
      this.unreadable(feed);
      return null;
    }
  }

  private unreadable(feed: LockedFeed): void {
    this.logger.warn(
      { connection_id: feed.connection_id, list_id: feed.inclusion_list?.list_id },
      'the CRM inclusion list is not a readable dynamic list; the feed waits',
    );
  }

  private async inclusionOf(feed: LockedFeed): Promise<Inclusion | null> {
    const list = feed.inclusion_list;
    if (!list) return { kind: 'everyone' };
    if (list.list_type === 'static') return { kind: 'static', listId: list.list_id };
    const stored = await this.exports.dynamicList(feed.organisation_id, list.list_id);
    const parsed = audienceQuerySchema.safeParse(storedQuery(stored));
    if (!parsed.success) {
      this.unreadable(feed);
      return null;
    }
    const fields = await this.persons.fieldDefinitions(feed.organisation_id);
    return { kind: 'dynamic', query: parsed.data as AudienceQuery, fields };
  }
}
