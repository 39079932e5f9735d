import { createHash } from 'node:crypto';
import type { RequestContext } from './request-context';

export interface SessionCacheOptions {
  /** How long a verified session is believed without asking again; 0 turns the cache off. */
  ttlMs: number;
  /** Sessions kept at most; past it the oldest go first. */
  maxEntries: number;
  now?: () => number;
}

interface Entry {
  context: RequestContext;
  /** The earlier of the cache's TTL and the session's own expiry. */
  until: number;
}

/** What a lookup that missed needs to store its answer later (see `put`). */
export type CacheTicket = number;

/**
 * Sessions another service's auth answered for, for a short while: one HTTP round trip to auth
 * per token per TTL instead of per request. Keyed by a hash of the token (a token is never kept),
 * so an entry answers only the token it was verified for; each entry is the context auth gave
 * for that token, with its own organisation. Bounded in size and time, never beyond the
 * session's expiry. A revocation (the auth service's sessionRevoked event) drops every entry of
 * the account at once; an answer that was in flight while a revocation arrived is not stored,
 * so it cannot bring a revoked session back.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byAccount = new Map<string, Set<string>>();
  private revocations = 0;
  private listening = false;
  private readonly now: () => number;

  constructor(private readonly options: SessionCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Only while revocations reach it: before that, and without an event transport, every request asks. */
  get enabled(): boolean {
    return this.listening && this.options.ttlMs > 0 && this.options.maxEntries > 0;
  }

  /** Called once the subscription to revocations stands (and with false when it ends). */
  setListening(listening: boolean): void {
    if (!listening) this.clear();
    this.listening = listening;
  }

  get size(): number {
    return this.entries.size;
  }

  static keyOf(token: string): string {
    return createHash('sha256').update(token).digest('base64url');
  }

  get(token: string): RequestContext | null {
    if (!this.enabled) return null;
    const key = SessionCache.keyOf(token);
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.until <= this.now()) {
      this.delete(key);
      return null;
    }
    return entry.context;
  }

  /** Taken before asking auth; `put` stores the answer only if no revocation came meanwhile. */
  ticket(): CacheTicket {
    return this.revocations;
  }

  put(token: string, context: RequestContext, expiresAt: number, ticket: CacheTicket): void {
    if (!this.enabled || ticket !== this.revocations) return;
    const until = Math.min(this.now() + this.options.ttlMs, expiresAt);
    if (!(until > this.now())) return;
    const key = SessionCache.keyOf(token);
    this.delete(key);
    while (this.entries.size >= this.options.maxEntries) this.delete(this.entries.keys().next().value!);
    this.entries.set(key, { context, until });
    let keys = this.byAccount.get(context.accountId);
    if (!keys) this.byAccount.set(context.accountId, (keys = new Set()));
    keys.add(key);
  }

  /** Drops every session of the account (and those named, wherever they are). */
  revoke(accountId: string, sessionIds: readonly string[] = []): void {
    this.revocations += 1;
    for (const key of this.byAccount.get(accountId) ?? []) this.delete(key);
    if (sessionIds.length === 0) return;
    const ended = new Set(sessionIds);
    for (const [key, entry] of this.entries) if (ended.has(entry.context.sessionId)) this.delete(key);
  }

  clear(): void {
    this.revocations += 1;
    this.entries.clear();
    this.byAccount.clear();
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    const keys = this.byAccount.get(entry.context.accountId);
    keys?.delete(key);
    if (keys?.size === 0) this.byAccount.delete(entry.context.accountId);
  }
}
