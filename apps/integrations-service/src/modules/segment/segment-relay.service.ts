import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { EventPublisher, LOGGER, Transactions, WakeLoop } from '@meridian/server-kit';
import type { Logger } from 'pino';
import { type AcceptedCall, readInboxCall, type RefusedCall } from './segment-calls';
import { SegmentInboxRepository } from './segment-inbox.repository';
import { identitiesOf, outboundEvents, usersWithoutEmail } from './segment-outbound';
import { bucketOf, type CountDelta, SegmentRecordsRepository } from './segment-records.repository';

/** Inbox rows per transaction: a few hundred kilobytes of events. */
const CLAIM_ROWS = 2000;
/** Rows left by a process that died, or written by another replica, are picked up this often. */
const SWEEP_MS = 2000;
/**
 * A request's wake-up waits this long, so that under load one slice carries many requests' calls:
 * a transaction, a counts upsert and an outbox row per slice instead of per request.
 */
const GATHER_MS = 200;

/**
 * Turns stored calls into what they mean, in one transaction per claimed slice: product activity
 * (productEventsIngested) and identify upserts (contactsSynced) through the outbox, refused calls
 * as errors, and the report counts. The slice leaves the inbox only if all of that commits.
 */
@Injectable()
export class SegmentRelay implements OnModuleInit, OnApplicationShutdown {
  private readonly loop: WakeLoop;
  private sweep: NodeJS.Timeout | null = null;
  private gathering: NodeJS.Timeout | null = null;

  constructor(
    private readonly transactions: Transactions,
    private readonly inbox: SegmentInboxRepository,
    private readonly records: SegmentRecordsRepository,
    private readonly publisher: EventPublisher,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.loop = new WakeLoop(
      () => this.relaySlice(),
      (error, attempt) => this.logger.error({ err: error, attempt }, 'segment relay failed'),
    );
  }

  onModuleInit(): void {
    this.sweep = setInterval(() => this.loop.wake(), SWEEP_MS);
    this.sweep.unref();
    this.loop.wake();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.sweep) clearInterval(this.sweep);
    if (this.gathering) clearTimeout(this.gathering);
    await this.loop.stop();
  }

  /** New calls are in the inbox: relay them shortly, together with those that follow. */
  wake(): void {
    if (this.gathering) return;
    this.gathering = setTimeout(() => {
      this.gathering = null;
      this.loop.wake();
    }, GATHER_MS);
    this.gathering.unref();
  }

  /** One slice; true when it took calls (the inbox may hold more), false when it found none. */
  async relaySlice(): Promise<boolean> {
    return this.transactions.run(async (tx) => {
      const rows = await this.inbox.claim(tx, CLAIM_ROWS);
      if (rows.length === 0) return false;
      const accepted: AcceptedCall[] = [];
      const errors: RefusedCall[] = [];
      // The calls of one request share their time: one Date and one count delta per request
      // (organisation, time and outcome), not one per call; addCounts folds them per bucket.
      const times = new Map<number, Date>();
      const counts = new Map<string, CountDelta>();
      for (const row of rows) {
        let receivedAt = times.get(row.received_ms);
        if (!receivedAt) times.set(row.received_ms, (receivedAt = new Date(row.received_ms)));
        // A refused call is dated when we received it, as its count is.
        const result = readInboxCall(row.organisation_id, receivedAt, row.payload, receivedAt);
        const kind = 'accepted' in result ? 'event' : 'error';
        if ('accepted' in result) accepted.push(result.accepted);
        else errors.push(result.refused);
        const key = `${kind}|${row.organisation_id}|${row.received_ms}`;
        const seen = counts.get(key);
        if (seen) seen.count += 1;
        else
          counts.set(key, {
            organisation_id: row.organisation_id,
            kind,
            bucket: bucketOf(receivedAt),
            count: 1,
          });
      }
      await this.records.recordErrors(errors, tx);
      await this.records.addCounts([...counts.values()], tx);
      // Identifies first: a track in the same slice may carry only the user id it just identified.
      await this.records.rememberIdentities(tx, identitiesOf(accepted));
      const knownEmails = await this.records.emailsOf(tx, usersWithoutEmail(accepted));
      await this.publisher.publishMany(tx, outboundEvents(accepted, knownEmails));
      // A slice can be short while calls wait (taken in turns, or held by another replica): ask
      // again until one finds nothing.
      return true;
    });
  }
}
