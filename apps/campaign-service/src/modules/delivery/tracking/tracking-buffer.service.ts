import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { CONFIG, LOGGER } from '@meridian/server-kit';
import type { Logger } from 'pino';
import type { CampaignConfig } from '../../../config';
import type { TrackingHit } from './tracking-batch';
import { TrackingRecorder } from './tracking-recorder.service';

/** At most one warning about hits left unrecorded per this many ms. */
const DROP_LOG_MS = 10_000;
/** Hits written in one transaction (a backlog is written as several). */
const BATCH_MAX = 5_000;
/**
 * Once the buffer is half full, a message with this many hits waiting takes no more: far more
 * than a person opens or clicks one email between two flushes, so one organisation's links
 * fetched over and over cannot fill the buffer every organisation shares (further hits of that
 * message are answered, and counted as unrecorded). Below half, nothing is refused.
 */
export const MAX_PENDING_PER_MESSAGE = 20;

/**
 * Opens and clicks wait here for at most TRACKING_FLUSH_MS (or until TRACKING_FLUSH_ITEMS are
 * waiting) and are written together, so a burst of pixel fetches costs a few statements instead
 * of a transaction each. One flush runs at a time; a failed flush keeps its hits for the next.
 * A graceful stop flushes what is left after the HTTP server has closed (Nest closes it before
 * onApplicationShutdown, and the database module, a global one, shuts down after this). At most
 * TRACKING_MAX_PENDING hits wait, and once half of that waits, at most MAX_PENDING_PER_MESSAGE
 * of one message; past either they are answered but not recorded, and counted.
 */
@Injectable()
export class TrackingBuffer implements OnApplicationShutdown {
  private pending: TrackingHit[] = [];
  /** Waiting hits per message (only messages with some). */
  private readonly perMessage = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private readonly flushMs: number;
  private readonly flushItems: number;
  private readonly maxPending: number;
  /** Hits not recorded because the buffer was full, since the last warning. */
  private dropped = 0;
  private droppedLoggedAt = 0;

  constructor(
    private readonly recorder: TrackingRecorder,
    @Inject(CONFIG) config: CampaignConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.flushMs = config.TRACKING_FLUSH_MS;
    this.flushItems = config.TRACKING_FLUSH_ITEMS;
    this.maxPending = config.TRACKING_MAX_PENDING;
  }

  get size(): number {
    return this.pending.length;
  }

  push(hit: TrackingHit): void {
    const waiting = this.perMessage.get(hit.messageId) ?? 0;
    const crowded = this.pending.length * 2 >= this.maxPending;
    if (this.pending.length >= this.maxPending || (crowded && waiting >= MAX_PENDING_PER_MESSAGE)) {
      this.drop(1);
      return;
    }
    this.perMessage.set(hit.messageId, waiting + 1);
    this.pending.push(hit);
    // A flush under way drains what arrives meanwhile too.
    if (this.pending.length >= this.flushItems && !this.flushing) {
      void this.flush();
    } else {
      this.timer ??= setTimeout(() => void this.flush(), this.flushMs);
    }
  }

  /** Writes everything waiting now (after any flush under way); never throws. */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    while (this.flushing) await this.flushing;
    if (this.pending.length === 0) return;
    this.flushing = this.drain().finally(() => {
      this.flushing = null;
    });
    await this.flushing;
    if (this.pending.length > 0) this.timer ??= setTimeout(() => void this.flush(), this.flushMs);
  }

  /** Batch after batch until nothing waits, or until a write fails (its hits wait for the next flush). */
  private async drain(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, BATCH_MAX);
      if (!(await this.write(batch))) return;
      this.forget(batch);
    }
  }

  /** Hits that no longer wait (written, or dropped): their messages' counts go down. */
  private forget(hits: readonly TrackingHit[]): void {
    for (const { messageId } of hits) {
      const waiting = (this.perMessage.get(messageId) ?? 1) - 1;
      if (waiting > 0) this.perMessage.set(messageId, waiting);
      else this.perMessage.delete(messageId);
    }
  }

  private async write(batch: TrackingHit[]): Promise<boolean> {
    try {
      await this.recorder.record(batch);
      return true;
    } catch (error) {
      // Kept for the next flush ahead of what arrived meanwhile; the newest go should that overfill it.
      this.pending = batch.concat(this.pending);
      const over = this.pending.length - this.maxPending;
      if (over > 0) this.forget(this.pending.splice(this.maxPending));
      this.logger.error(
        { err: error, hits: batch.length, dropped: Math.max(0, over) },
        'tracking flush failed; the hits are kept for the next flush',
      );
      if (over > 0) this.drop(over);
      return false;
    }
  }

  /** Counts hits left unrecorded, with a warning at most every DROP_LOG_MS. */
  private drop(count: number): void {
    this.dropped += count;
    const now = Date.now();
    if (now - this.droppedLoggedAt < DROP_LOG_MS) return;
    this.logger.warn(
      { dropped: this.dropped, pending: this.pending.length, max: this.maxPending },
      'tracking buffer full; opens and clicks answered but not recorded',
    );
    this.dropped = 0;
    this.droppedLoggedAt = now;
  }

  async onApplicationShutdown(): Promise<void> {
    // A few tries: a flush that fails now would lose the hits with the process.
    for (let attempt = 0; attempt < 5 && (this.pending.length > 0 || this.flushing); attempt++) {
      await this.flush();
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending.length > 0) {
      this.logger.error({ hits: this.pending.length }, 'tracking hits lost at shutdown');
    }
  }
}
