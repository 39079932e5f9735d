import { Inject, Injectable } from '@nestjs/common';
import { CONFIG } from '@meridian/server-kit';
import type { CampaignConfig } from '../../../config';
import { SendRateRepository } from './send-rate.repository';

/** Waits `ms`, or less when `signal` aborts. */
function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** The organisation's send rate (SEND_RATE_PER_ORGANISATION mails per second, all workers together). */
@Injectable()
export class SendRateLimiter {
  private readonly perSecond: number;

  constructor(
    private readonly buckets: SendRateRepository,
    @Inject(CONFIG) config: CampaignConfig,
  ) {
    this.perSecond = config.SEND_RATE_PER_ORGANISATION;
  }

  /**
   * Permission to send between 1 and `wanted` mails now; waits for the bucket to refill when it
   * is empty. Returns 0 only when `signal` aborted first.
   */
  async acquire(organisationId: string, wanted: number, signal?: AbortSignal): Promise<number> {
    const ask = Math.min(wanted, this.perSecond);
    for (;;) {
      if (signal?.aborted) return 0;
      const granted = await this.buckets.take(organisationId, this.perSecond, ask);
      if (granted > 0) return granted;
      // Time for a useful share of the request to refill, at least a few milliseconds.
      const waitMs = Math.min(1_000, Math.max(5, Math.ceil((Math.min(ask, 50) / this.perSecond) * 1_000)));
      await pause(waitMs, signal);
    }
  }
}
