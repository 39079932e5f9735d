import { Inject, Injectable } from '@nestjs/common';
import {
  type CampaignContext,
  isSendableHeaderValue,
  isWebhookUrl,
  unsendableHeaderMessage,
  webhookMessages,
} from '@meridian/contracts';
import { LOGGER, OutboundHttpClient, OutboundHttpError } from '@meridian/server-kit';
import type { Logger } from 'pino';
import { entryKey, pairRendered, PersonalisationService } from '../../assets/personalisation';
import type { StepWebhook } from './journey.repository';

/** Attempts per person, counting the first; waits double after each failure. */
export const WEBHOOK_ATTEMPTS = 3;
export const WEBHOOK_BACKOFF_MS = 500;

/** The wait before attempt `attempt + 1`, after `attempt` failed. */
export const webhookBackoffMs = (attempt: number) => WEBHOOK_BACKOFF_MS * 2 ** (attempt - 1);
/** Calls in flight at once for one batch. */
const CONCURRENCY = 8;
const BODYLESS = new Set(['GET', 'HEAD']);

/** One attempt's outcome: `retry` when the failure may pass (a 5xx, a timeout, a dropped connection). */
export type CallResult = { personId: string; orgId: string | null; error: string | null; retry: boolean };

export interface WebhookTarget {
  organisationId: string;
  campaignContext: CampaignContext;
  persons: { id: string; email: string; orgId: string | null }[];
}

const isJsonBody = (headers: Record<string, string>) =>
  /\bjson\b/i.test(
    Object.entries(headers).find(([name]) => name.trim().toLowerCase() === 'content-type')?.[1] ?? '',
  );

/** A status worth trying again: the server's trouble or a rate limit, not a refusal of the request. */
const retryable = (status: number) => status >= 500 || status === 429 || status === 408;

/**
 * A flow's webhook step for a batch: the url, headers and payload rendered for every person in
 * one render call, then one attempt of each call through the SSRF-safe client. It never waits to
 * retry: the caller parks a person whose failure may pass (connection failures, 5xx/429) and
 * calls again once the backoff is over, outside any transaction.
 */
@Injectable()
export class WebhookCallerService {
  constructor(
    private readonly personalisation: PersonalisationService,
    private readonly outbound: OutboundHttpClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * With `stopAt` (a batch job's turn end), no call starts after that time once each of the
   * CONCURRENCY callers made one: a slow or hanging endpoint of one organisation holds the job slot
   * for about one call's timeout, not a whole batch of them. Persons not called have no result.
   */
  async callMany(webhook: StepWebhook, target: WebhookTarget, stopAt?: number): Promise<CallResult[]> {
    const texts: Record<string, string> = { url: webhook.url };
    if (webhook.payload !== null) texts.payload = webhook.payload;
    for (const [name, value] of Object.entries(webhook.headers ?? {})) texts[`header:${name}`] = value;
    const refs = target.persons.map((p) => ({
      id: p.id,
      email: p.email,
      org_id: p.orgId,
      product_user_id: null,
    }));
    const rendered = await this.personalisation.renderForPersons(target.organisationId, {
      texts,
      modes: isJsonBody(webhook.headers ?? {}) ? { payload: 'json' } : {},
      persons: refs,
      campaignContext: target.campaignContext,
    });
    // By entry: a person of two orgs is called once per org, each with that org's values.
    const byEntry = pairRendered(refs, rendered);
    const results: CallResult[] = [];
    const queue = [...target.persons];
    const worker = async () => {
      for (let made = 0, person = queue.shift(); person; made++, person = queue.shift()) {
        if (made > 0 && stopAt !== undefined && Date.now() >= stopAt) {
          queue.unshift(person);
          return;
        }
        const r = byEntry.get(entryKey(person.id, person.orgId));
        const who = { personId: person.id, orgId: person.orgId };
        if (!r) {
          results.push({ ...who, error: 'The contact no longer exists', retry: false });
          continue;
        }
        const failed = Object.entries(r.errors)[0];
        if (failed) {
          results.push({
            ...who,
            error: `Personalisation of ${failed[0]} failed: ${failed[1]}`,
            retry: false,
          });
          continue;
        }
        const headers = Object.fromEntries(
          Object.keys(webhook.headers ?? {}).map((name) => [name, r.texts[`header:${name}`] ?? '']),
        );
        const request = {
          url: r.texts.url ?? webhook.url,
          method: webhook.method,
          headers,
          body: BODYLESS.has(webhook.method) ? null : (r.texts.payload ?? null),
          timeoutMs: webhook.timeout * 1000,
        };
        results.push({ ...who, ...(await this.callOnce(request)) });
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, queue.length) }, worker));
    return results;
  }

  private async callOnce(
    request: Parameters<OutboundHttpClient['request']>[0],
  ): Promise<Omit<CallResult, 'personId' | 'orgId'>> {
    if (!isWebhookUrl(request.url)) return { error: webhookMessages.invalidUrl, retry: false };
    const badHeader = Object.entries(request.headers ?? {}).find(
      ([, value]) => !isSendableHeaderValue(value),
    );
    if (badHeader) return { error: `Header ${badHeader[0]}: ${unsendableHeaderMessage}`, retry: false };
    let error: string;
    let retry: boolean;
    try {
      const response = await this.outbound.request(request);
      if (response.status < 400) return { error: null, retry: false };
      error = `The webhook answered HTTP ${response.status}`;
      retry = retryable(response.status);
    } catch (caught) {
      if (!(caught instanceof OutboundHttpError)) throw caught;
      error = caught.message;
      // A refused address or a malformed URL stays so; a timeout or a dropped connection may pass.
      retry = !['refused', 'invalid_url', 'redirects'].includes(caught.reason);
    }
    // Only the host: paths and headers may carry the customer's secrets.
    this.logger.info({ host: new URL(request.url).host, failure: error }, 'campaign webhook call failed');
    return { error: `Webhook call failed: ${error}`, retry };
  }
}
