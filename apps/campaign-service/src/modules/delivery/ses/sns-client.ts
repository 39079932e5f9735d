import { Injectable } from '@nestjs/common';
import { OutboundHttpClient } from '@meridian/server-kit';

/** Most certificates kept; SNS uses one per region, rotated rarely. */
const MAX_CACHED = 20;

/**
 * Calls to SNS, through the SSRF-safe client: the signing certificates (kept in memory by URL; a
 * failed fetch is forgotten, so the next message tries again) and subscription confirmations.
 */
@Injectable()
export class SnsClient {
  private readonly cache = new Map<string, Promise<string>>();

  constructor(private readonly http: OutboundHttpClient) {}

  certificate(url: string): Promise<string> {
    let entry = this.cache.get(url);
    if (!entry) {
      if (this.cache.size >= MAX_CACHED) this.cache.delete(this.cache.keys().next().value!);
      entry = this.fetch(url).catch((error: unknown) => {
        this.cache.delete(url);
        throw error;
      });
      this.cache.set(url, entry);
    }
    return entry;
  }

  /** Visits the SubscribeURL of a SubscriptionConfirmation; returns the HTTP status. */
  async confirm(url: string): Promise<number> {
    const response = await this.http.request({ url, method: 'GET', timeoutMs: 10_000 });
    return response.status;
  }

  private async fetch(url: string): Promise<string> {
    const response = await this.http.request({ url, method: 'GET', timeoutMs: 10_000 });
    const pem = response.body.toString('utf8');
    if (response.status !== 200 || response.truncated || !pem.includes('-----BEGIN CERTIFICATE-----'))
      throw new Error(`No certificate at the SNS signing certificate URL (status ${response.status})`);
    return pem;
  }
}
