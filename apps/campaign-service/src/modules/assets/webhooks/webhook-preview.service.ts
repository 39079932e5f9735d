import { Inject, Injectable } from '@nestjs/common';
import {
  isSendableHeaderValue,
  isWebhookUrl,
  type ParsedRequestOf,
  WEBHOOK_PREVIEW_BODY_MAX_CHARS,
  type WebhookMethod,
  webhookMessages,
  type webhookPreviewContract,
  type WebhookPreviewFailure,
  type WebhookPreviewResult,
  unsendableHeaderMessage,
} from '@meridian/contracts';
import {
  LOGGER,
  NotFoundError,
  OutboundHttpClient,
  OutboundHttpError,
  type RequestContext,
} from '@meridian/server-kit';
import type { Logger } from 'pino';
import { PersonalisationService } from '../personalisation';

type PreviewInput = ParsedRequestOf<typeof webhookPreviewContract>;
type SentRequest = WebhookPreviewResult['request'];

const URL_TEXT = 'url';
const PAYLOAD_TEXT = 'payload';
const HEADER_TEXT = 'header:';
/** Methods sent without a body, whatever the payload. */
const BODYLESS = new Set<WebhookMethod>(['GET', 'HEAD']);

/**
 * The editor's 'send request': renders the url, header values and payload for the chosen person,
 * then makes the call through the SSRF-safe client. A refused, failed or unrenderable call is an
 * answer too (`error`), shown beside the request that would have been sent.
 */
@Injectable()
export class WebhookPreviewService {
  constructor(
    private readonly personalisation: PersonalisationService,
    private readonly outbound: OutboundHttpClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async preview(auth: RequestContext, input: PreviewInput): Promise<WebhookPreviewResult> {
    const texts: Record<string, string> = { [URL_TEXT]: input.url };
    if (input.payload !== null) texts[PAYLOAD_TEXT] = input.payload;
    for (const [name, value] of Object.entries(input.headers)) texts[`${HEADER_TEXT}${name}`] = value;

    const persons = input.person_ids.map((ref) => ({
      id: ref.id,
      email: ref.email ?? '',
      org_id: ref.org_id ?? null,
      product_user_id: ref.product_user_id ?? null,
    }));
    const [rendered] = await this.personalisation.renderForPersons(auth.organisationId, {
      texts,
      // Decisions, "Personalised HTML": values inserted into a JSON payload are JSON-escaped.
      modes: isJsonBody(input.headers) ? { [PAYLOAD_TEXT]: 'json' } : {},
      persons,
      campaignContext: input.campaign_context,
    });
    if (!rendered) throw new NotFoundError('Person not found');

    const headers: Record<string, string> = {};
    for (const name of Object.keys(input.headers))
      headers[name] = rendered.texts[`${HEADER_TEXT}${name}`] ?? '';
    const request: SentRequest = {
      url: rendered.texts[URL_TEXT] ?? input.url,
      method: input.method,
      headers,
      body: BODYLESS.has(input.method) ? null : (rendered.texts[PAYLOAD_TEXT] ?? null),
    };

    const renderError = Object.entries(rendered.errors)[0];
    if (renderError) return failed(request, 'render', `${describeText(renderError[0])}: ${renderError[1]}`);
    if (!isWebhookUrl(request.url)) return failed(request, 'invalid_url', webhookMessages.invalidUrl);
    const badHeader = Object.entries(headers).find(([, value]) => !isSendableHeaderValue(value));
    if (badHeader) return failed(request, 'render', `Header ${badHeader[0]}: ${unsendableHeaderMessage}`);

    return this.send(auth, request, input.timeout);
  }

  private async send(
    auth: RequestContext,
    request: SentRequest,
    timeoutSeconds: number,
  ): Promise<WebhookPreviewResult> {
    const host = new URL(request.url).host;
    try {
      const response = await this.outbound.request({
        url: request.url,
        method: request.method,
        headers: request.headers,
        body: request.body,
        timeoutMs: timeoutSeconds * 1000,
      });
      const text = response.body.toString('utf8');
      // Only the host is logged: paths, queries and headers may carry the customer's secrets.
      this.logger.info(
        {
          organisation_id: auth.organisationId,
          host,
          status: response.status,
          elapsed_ms: response.elapsedMs,
        },
        'webhook preview sent',
      );
      return {
        request,
        response: {
          status_code: response.status,
          headers: response.headers,
          body: text.slice(0, WEBHOOK_PREVIEW_BODY_MAX_CHARS),
          truncated: response.truncated || text.length > WEBHOOK_PREVIEW_BODY_MAX_CHARS,
          elapsed_ms: response.elapsedMs,
        },
        error: null,
      };
    } catch (error) {
      if (!(error instanceof OutboundHttpError)) throw error;
      this.logger.info(
        { organisation_id: auth.organisationId, host, failure: error.reason },
        'webhook preview failed',
      );
      return failed(request, error.reason, error.message);
    }
  }
}

function failed(request: SentRequest, reason: WebhookPreviewFailure, message: string): WebhookPreviewResult {
  return { request, response: null, error: { reason, message } };
}

/** The payload is JSON when the request says so (the default content-type is application/json). */
function isJsonBody(headers: Record<string, string>): boolean {
  const type =
    Object.entries(headers).find(([name]) => name.trim().toLowerCase() === 'content-type')?.[1] ?? '';
  return /\bjson\b/i.test(type);
}

function describeText(key: string): string {
  if (key === URL_TEXT) return 'URL';
  if (key === PAYLOAD_TEXT) return 'Payload';
  return `Header ${key.slice(HEADER_TEXT.length)}`;
}
