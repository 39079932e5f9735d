import { Injectable } from '@nestjs/common';
import {
  defaultWebhookHeaders,
  pageCount,
  type ParsedRequestOf,
  WEBHOOK_DEFAULT_METHOD,
  WEBHOOK_DEFAULT_TIMEOUT,
  type Webhook,
  type webhookListContract,
  type webhookUpdateContract,
} from '@meridian/contracts';
import {
  OutboundHttpClient,
  outboundMessages,
  type RequestContext,
  ValidationError,
} from '@meridian/server-kit';
import { randomInt } from 'node:crypto';
import type { WebhookEntity } from './webhook.entity';
import { WebhookNotFoundError } from './webhooks.errors';
import { type Editor, type WebhookChanges, WebhooksRepository } from './webhooks.repository';

/** Spec 9: the all-webhooks fetch; a campaign's picker never needs more. */
const ALL_WEBHOOKS_LIMIT = 1000;
const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Spec 3: 'webhook-' plus 5 random characters. */
export function newWebhookId(): string {
  let suffix = '';
  for (let i = 0; i < 5; i++) suffix += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return `webhook-${suffix}`;
}

export function toWebhook(row: WebhookEntity): Webhook {
  const user = (id: string | null, name: string | null) => (id ? { id, name: name ?? '' } : null);
  return {
    webhook_id: row.webhook_id,
    name: row.name,
    description: row.description,
    method: row.method,
    url: row.url,
    payload: row.payload,
    headers: row.headers,
    timeout: row.timeout,
    type: 'webhook',
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    created_by: user(row.created_by_id, row.created_by_name),
    updated_by: user(row.updated_by_id, row.updated_by_name),
  };
}

/** What a new webhook starts with (spec 3 and 9): POST, the application/json content-type, 10 s. */
const newWebhook = (name: string): Required<WebhookChanges> => ({
  name,
  description: '',
  method: WEBHOOK_DEFAULT_METHOD,
  url: '',
  payload: null,
  headers: defaultWebhookHeaders(),
  timeout: WEBHOOK_DEFAULT_TIMEOUT,
});

/** Who made a change, by the name their colleagues know them by (the email when they have none). */
const editorOf = (auth: RequestContext): Editor => ({ id: auth.accountId, name: auth.name ?? auth.email });

@Injectable()
export class WebhooksService {
  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly outbound: OutboundHttpClient,
  ) {}

  async page(auth: RequestContext, input: ParsedRequestOf<typeof webhookListContract>) {
    const [rows, total] = await this.webhooks.page(auth.organisationId, {
      keyword: input.query?.search?.keyword || undefined,
      fields: input.query?.search?.fields ?? ['name'],
      limit: input.page_size,
      offset: (input.page_number - 1) * input.page_size,
    });
    return {
      records: rows.map(toWebhook),
      page_number: input.page_number,
      page_size: input.page_size,
      page_count: pageCount(total, input.page_size),
      total_count: total,
    };
  }

  async all(auth: RequestContext): Promise<Webhook[]> {
    const [rows] = await this.webhooks.page(auth.organisationId, { limit: ALL_WEBHOOKS_LIMIT, offset: 0 });
    return rows.map(toWebhook);
  }

  async create(auth: RequestContext, name: string): Promise<Webhook> {
    const row = await this.webhooks.create(
      auth.organisationId,
      newWebhook(name),
      editorOf(auth),
      newWebhookId,
    );
    return this.get(auth, row.webhook_id);
  }

  async get(auth: RequestContext, webhookId: string): Promise<Webhook> {
    const row = await this.webhooks.one(auth.organisationId, webhookId);
    if (!row) throw new WebhookNotFoundError();
    return toWebhook(row);
  }

  async update(auth: RequestContext, input: ParsedRequestOf<typeof webhookUpdateContract>): Promise<Webhook> {
    const { webhook_id: webhookId, name, description, method, url, payload, headers, timeout } = input;
    // An internal target is refused when it is saved, with the message the call itself gives.
    if (await this.outbound.refusesTarget(url))
      throw new ValidationError({ url: [outboundMessages.refused] });
    const changes = {
      description,
      method,
      url,
      payload,
      headers,
      timeout,
      ...(name === undefined ? {} : { name }),
    };
    if (!(await this.webhooks.update(auth.organisationId, webhookId, changes, editorOf(auth))))
      throw new WebhookNotFoundError();
    return this.get(auth, webhookId);
  }

  async rename(auth: RequestContext, webhookId: string, name: string): Promise<Webhook> {
    if (!(await this.webhooks.update(auth.organisationId, webhookId, { name }, editorOf(auth))))
      throw new WebhookNotFoundError();
    return this.get(auth, webhookId);
  }

  async remove(auth: RequestContext, webhookId: string): Promise<void> {
    if (!(await this.webhooks.remove(auth.organisationId, webhookId))) throw new WebhookNotFoundError();
  }
}
