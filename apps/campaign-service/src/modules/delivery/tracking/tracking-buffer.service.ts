import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { CONFIG, LOGGER } from '@meridian/server-kit';
import type { Logger } from 'pino';
import type { CampaignConfig } from '../../../config';
import type { TrackingHit } from './tracking-batch';
import { TrackingRecorder } from './tracking-recorder.service';

/** Hits kept while the database is unreachable; past this the oldest are dropped (and logged). */
const MAX_PENDING = 1_000_000;
/** Hits written in one transaction (a backlog is written as several). */
const BATCH_MAX = 5_000;

/**
 * Opens and clicks wait here for at most TRACKING_FLUSH_MS (or until TRACKING_FLUSH_ITEMS are
 * waiting) and are written together, so a burst of pixel fetches costs a few statements instead
 * of a transaction each. One flush runs at a time; a failed flush keeps its hits for the next.
 * A graceful stop flushes what is left after the HTTP server has closed (Nest closes it before
 * onApplicationShutdown, and the database module, a global one, shuts down after this).
 */
@Injectable()
export class TrackingBuffer implements OnApplicationShutdown {
  private pending: TrackingHit[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private readonly flushMs: number;
  private readonly flushItems: number;

  constructor(
    private readonly recorder: TrackingRecorder,
    @Inject(CONFIG) config: CampaignConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.flushMs = config.TRACKING_FLUSH_MS;
    this.flushItems = config.TRACKING_FLUSH_ITEMS;
  }

  get size(): number {
    return this.pending.length;
  }

  push(hit: TrackingHit): void {
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
    }
  }

  private async write(batch: TrackingHit[]): Promise<boolean> {
    try {
      await this.recorder.record(batch);
      return true;
    } catch (error) {
      this.pending.unshift(...batch);
      const dropped = this.pending.length - MAX_PENDING;
      if (dropped > 0) this.pending.splice(0, dropped);
      this.logger.error(
        { err: error, hits: batch.length, dropped: Math.max(0, dropped) },
        'tracking flush failed; the hits are kept for the next flush',
      );
      return false;
    }
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
