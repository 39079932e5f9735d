import { createHash } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { apiKeyIssued, SEGMENT_KEY_TYPE } from '@meridian/contracts';
import { EventConsumers, handleEvent } from '@meridian/server-kit';
import { SegmentWriteKeysRepository } from './segment-write-keys.repository';

/** How long a key's answer is trusted without asking the table again (other replicas' retirements). */
const CACHE_MS = 10_000;
/** Unknown keys are asked again sooner: a key just issued may not have reached us yet. */
const UNKNOWN_CACHE_MS = 1_000;
const CACHE_MAX = 10_000;

export const hashWriteKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

/**
 * Verifies write keys without a call to the auth service: auth publishes apiKeyIssued with the
 * key's hash (and the keys it retires); we keep the hashes and cache answers briefly, so a request
 * costs a map lookup. A key issued here is dropped from this replica's cache at once.
 */
@Injectable()
export class SegmentWriteKeys implements OnModuleInit {
  private readonly cache = new Map<string, { organisationId: string | null; until: number }>();

  constructor(
    private readonly keys: SegmentWriteKeysRepository,
    private readonly consumers: EventConsumers,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.consumers.register('segment-write-keys', [
      handleEvent(apiKeyIssued, async (payload, { tx }) => {
        if (payload.key_type !== SEGMENT_KEY_TYPE) return;
        await this.keys.issue(tx, payload);
        // A cached answer may be re-read just before the commit; it lives CACHE_MS at most.
        this.cache.clear();
      }),
    ]);
  }

  /** The organisation the key belongs to, or null for an unknown or retired key. */
  async organisationOf(writeKey: string): Promise<string | null> {
    const hash = hashWriteKey(writeKey);
    const now = Date.now();
    const cached = this.cache.get(hash);
    if (cached && cached.until > now) return cached.organisationId;
    const organisationId = await this.keys.organisationOf(hash);
    if (this.cache.size >= CACHE_MAX) this.cache.clear();
    this.cache.set(hash, { organisationId, until: now + (organisationId ? CACHE_MS : UNKNOWN_CACHE_MS) });
    return organisationId;
  }
}
