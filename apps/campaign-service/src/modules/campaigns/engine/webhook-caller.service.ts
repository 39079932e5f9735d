import { Inject, Injectable } from '@nestjs/common';
import { type CampaignContext, isWebhookUrl, webhookMessages } from '@meridian/contracts';
import { LOGGER, OutboundHttpClient, OutboundHttpError } from '@meridian/server-kit';
import type { Logger } from 'pino';
import { PersonalisationService } from '../../assets/personalisation';
import type { StepWebhook } from './journey.repository';

/** Attempts per person, counting the first; waits double after each failure. */
export const WEBHOOK_ATTEMPTS = 3;
export const WEBHOOK_BACKOFF_MS = 500;
/** Calls in flight at once for one batch. */
const CONCURRENCY = 8;
const BODYLESS = new Set(['GET', 'HEAD']);

export type CallResult = { personId: string; error: string | null };

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

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * A flow's webhook step for a batch: the url, headers and payload rendered for every person in
 * one render call, then each call through the SSRF-safe client, retried with exponential backoff
 * on connection failures and 5xx/429 answers. The error says why the last attempt failed.
 */
@Injectable()
export class WebhookCallerService {
  constructor(
    private readonly personalisation: PersonalisationService,
    private readonly outbound: OutboundHttpClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async callMany(webhook: StepWebhook, target: WebhookTarget, signal?: AbortSignal): Promise<CallResult[]> {
    const texts: Record<string, string> = { url: webhook.url };
    if (webhook.payload !== null) texts.payload = webhook.payload;
    for (const [name, value] of Object.entries(webhook.headers ?? {})) texts[`header:${name}`] = value;
    const rendered = await this.personalisation.renderForPersons(target.organisationId, {
      texts,
      modes: isJsonBody(webhook.headers ?? {}) ? { payload: 'json' } : {},
      persons: target.persons.map((p) => ({
        id: p.id,
        email: p.email,
        org_id: p.orgId,
        product_user_id: null,
      })),
      campaignContext: target.campaignContext,
    });
    const byPerson = new Map(rendered.map((r) => [r.person.id, r]));
    const results: CallResult[] = [];
    const queue = [...target.persons];
    const worker = async () => {
      for (let person = queue.shift(); person; person = queue.shift()) {
        const r = byPerson.get(person.id);
        if (!r) {
          results.push({ personId: person.id, error: 'The contact no longer exists' });
          continue;
        }
        const failed = Object.entries(r.errors)[0];
        if (failed) {
          results.push({
            personId: person.id,
            error: `Personalisation of ${failed[0]} failed: ${failed[1]}`,
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
        results.push({ personId: person.id, error: await this.callWithRetries(request, signal) });
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, queue.length) }, worker));
    return results;
  }

  private async callWithRetries(
    request: Parameters<OutboundHttpClient['request']>[0],
    signal?: AbortSignal,
  ): Promise<string | null> {
    if (!isWebhookUrl(request.url)) return webhookMessages.invalidUrl;
    if (Object.values(request.headers ?? {}).some((value) => /[\r\n\0]/.test(value)))
      return 'A line break is not allowed in a header value';
    const host = new URL(request.url).host;
    let error = '';
    for (let attempt = 1; attempt <= WEBHOOK_ATTEMPTS; attempt++) {
      let again: boolean;
      try {
        const response = await this.outbound.request(request);
        if (response.status < 400) return null;
        error = `The webhook answered HTTP ${response.status}`;
        again = retryable(response.status);
      } catch (caught) {
        if (!(caught instanceof OutboundHttpError)) throw caught;
        error = caught.message;
        // A refused address or a malformed URL stays so; a timeout or a dropped connection may pass.
        again = !['refused', 'invalid_url', 'redirects'].includes(caught.reason);
      }
      // Only the host: paths and headers may carry the customer's secrets.
      this.logger.info({ host, attempt, failure: error }, 'campaign webhook call failed');
      if (!again || attempt === WEBHOOK_ATTEMPTS || signal?.aborted) break;
      await sleep(WEBHOOK_BACKOFF_MS * 2 ** (attempt - 1), signal);
    }
    return `Webhook call failed: ${error}`;
  }
}
