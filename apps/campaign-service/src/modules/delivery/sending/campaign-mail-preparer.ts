import { Inject, Injectable } from '@nestjs/common';
import { tokenPlaceholder } from '@meridian/contracts';
import { CONFIG, MAIL_DEFAULT_SENDER } from '@meridian/server-kit';
import type { CampaignConfig } from '../../../config';
import {
  entryKey,
  pairRendered,
  PersonalisationService,
  type RenderRequest,
  UnsubscribeLinks,
} from '../../assets/personalisation';
import {
  type ResolvedSender,
  resolveSender,
  type SenderAddress,
  templateSenderValues,
} from '../../assets/templates/sender';
import {
  GLOBAL_EMAIL_SETTINGS,
  type GlobalEmailSettings,
} from '../../assets/templates/template-test-send.service';
import type { SendRecipient, SendScope } from '../../campaigns/journey/campaign-mailer.port';
import type { EmailStepOptions } from '../../campaigns/journey/journey.types';
import { trackingUrls } from '../tracking/tracking-tokens';
import type { OutgoingMail } from './campaign-transport';
import { trackBody, unsubscribeHeaders } from './message-builder';
import { renderResilient } from './resilient-render';
import type { MessageRow, SendingTemplate } from './sending.repository';

type SenderKey = 'from_name' | 'from_email' | 'reply_to';
const SENDER_KEYS: SenderKey[] = ['from_name', 'from_email', 'reply_to'];

/** A token option is a saved token's name; code typed in the option is used as written. */
const tokenText = (token: string) => (token.includes('{{') ? token : tokenPlaceholder(token));

function stepSender(options: EmailStepOptions, key: SenderKey): string | undefined {
  const value =
    key === 'from_name'
      ? options.from_email?.name
      : key === 'from_email'
        ? options.from_email?.email
        : options.reply_to;
  return value?.trim() || undefined;
}

export interface PreparedMail {
  row: MessageRow;
  mail: OutgoingMail;
  links: string[];
}

export interface PreparedBatch {
  ready: PreparedMail[];
  failed: { row: MessageRow; reason: string }[];
}

/**
 * Turns a batch of queued messages into mails: the step's template personalised per person in
 * the render pool (unsubscribe_url = the message's signed /t/u URL), links rewritten to signed
 * click URLs, the open pixel, one-click unsubscribe headers, the sender from the step, the
 * template or the organisation's email settings.
 */
@Injectable()
export class CampaignMailPreparer {
  constructor(
    private readonly personalisation: PersonalisationService,
    private readonly links: UnsubscribeLinks,
    @Inject(GLOBAL_EMAIL_SETTINGS) private readonly globalSettings: GlobalEmailSettings,
    @Inject(MAIL_DEFAULT_SENDER) private readonly platformSender: SenderAddress,
    @Inject(CONFIG) private readonly config: CampaignConfig,
  ) {}

  /**
   * The sender address before personalisation (a token-filled sender is only known per person);
   * its domain names the messages' Message-IDs.
   */
  async nominalSender(scope: SendScope, options: EmailStepOptions, template: SendingTemplate | null) {
    const typed = (key: SenderKey) =>
      options.sender_meta?.[key] === 'token' ? undefined : stepSender(options, key);
    const fallback = template ? templateSenderValues({ ...template, sender_meta: null }, {}) : {};
    const sender = resolveSender(
      { from_email: typed('from_email') ?? fallback.from_email },
      this.platformSender,
      await this.globalSettings.get(scope.organisationId),
    );
    return 'invalid' in sender ? this.platformSender : sender.from;
  }

  async prepare(
    scope: SendScope,
    options: EmailStepOptions,
    template: SendingTemplate,
    rows: readonly MessageRow[],
    tracked = true,
  ): Promise<PreparedBatch> {
    if (rows.length === 0) return { ready: [], failed: [] };
    const urls = trackingUrls(await this.links.signingKey(), this.config.PUBLIC_BASE_URL);
    // Signed once per message: the render's unsubscribe_url, the body link and the headers.
    const unsubscribeUrls = new Map(rows.map((row) => [row.id, urls.unsubscribe(row.id)]));
    const texts: Record<string, string> = {
      subject: options.subject?.trim() || template.subject || '',
      content: template.content ?? '',
    };
    for (const key of SENDER_KEYS) {
      const value = stepSender(options, key);
      if (value && options.sender_meta?.[key] === 'token') texts[`sender.${key}`] = tokenText(value);
    }
    const request: RenderRequest = {
      texts,
      // Decisions, "Personalised HTML": values land escaped in the email body, as is elsewhere.
      modes: { content: 'html' },
      // Each message renders with its own org's values (org context: one message per person and org).
      persons: rows.map((row) => ({
        id: row.person_id,
        email: row.email,
        org_id: row.org_id,
        product_user_id: null,
      })),
      campaignContext: scope.campaign.context,
      ...(tracked
        ? {
            unsubscribeUrls: new Map(
              rows.map((row) => [entryKey(row.person_id, row.org_id), unsubscribeUrls.get(row.id)!]),
            ),
          }
        : {}),
    };
    const rendered = await renderResilient(this.personalisation, scope.organisationId, request);
    const byEntry = pairRendered(request.persons, rendered);
    const global = await this.globalSettings.get(scope.organisationId);
    const fallback = templateSenderValues(template, {});
    const batch: PreparedBatch = { ready: [], failed: [] };
    for (const row of rows) {
      const entry = byEntry.get(entryKey(row.person_id, row.org_id));
      if (!entry) {
        batch.failed.push({ row, reason: 'render failed: the contact no longer exists' });
        continue;
      }
      const failed = Object.entries(entry.errors).find(([key]) => key in texts);
      if (failed) {
        batch.failed.push({ row, reason: `render failed: ${failed[0]}: ${failed[1]}` });
        continue;
      }
      const own = (key: SenderKey) =>
        options.sender_meta?.[key] === 'token'
          ? entry.texts[`sender.${key}`]?.trim() || undefined
          : stepSender(options, key);
      const sender: ResolvedSender | { invalid: string } = resolveSender(
        {
          from_name: own('from_name') ?? fallback.from_name,
          from_email: own('from_email') ?? fallback.from_email,
          reply_to: own('reply_to') ?? fallback.reply_to,
        },
        this.platformSender,
        global,
      );
      if ('invalid' in sender) {
        batch.failed.push({
          row,
          reason: `render failed: the ${sender.invalid.replace('_', ' ')} is not an email address`,
        });
        continue;
      }
      const unsubscribe = unsubscribeUrls.get(row.id)!;
      const html = entry.texts.content ?? '';
      const body = tracked
        ? trackBody(html, { open: urls.open(row.id), click: (link) => urls.click(row.id, link), unsubscribe })
        : { html, links: [] };
      batch.ready.push({
        row,
        links: body.links,
        mail: {
          messageId: row.message_id,
          to: row.email,
          from: sender.from,
          ...(sender.replyTo ? { replyTo: sender.replyTo } : {}),
          // A subject is one line, whatever the tokens in it render to.
          subject: (entry.texts.subject ?? '').replace(/\s+/g, ' ').trim(),
          html: body.html,
          headers: tracked ? unsubscribeHeaders(unsubscribe) : {},
        },
      });
    }
    return batch;
  }

  /** An internal alert: the template rendered for the person, untracked, to the step's addresses. */
  async prepareAlerts(
    scope: SendScope,
    options: EmailStepOptions,
    template: SendingTemplate,
    recipients: readonly SendRecipient[],
  ): Promise<
    { personId: string; orgId: string | null; mails: OutgoingMail[] | null; reason: string | null }[]
  > {
    const to = (options.internal_emails ?? []).map((address) => address.trim()).filter(Boolean);
    const fake: MessageRow[] = recipients.map((r) => ({
      id: '00000000-0000-4000-8000-000000000000',
      person_id: r.id,
      org_id: r.orgId,
      email: r.email,
      message_id: '',
      status: 'queued',
      reason: null,
      created_at: new Date(),
    }));
    const prepared = await this.prepare(scope, options, template, fake, false);
    const failed = new Map(prepared.failed.map((f) => [entryKey(f.row.person_id, f.row.org_id), f.reason]));
    const ready = new Map(prepared.ready.map((p) => [entryKey(p.row.person_id, p.row.org_id), p]));
    return recipients.map((r) => {
      const key = entryKey(r.id, r.orgId);
      const mail = ready.get(key);
      if (!mail || to.length === 0)
        return {
          personId: r.id,
          orgId: r.orgId,
          mails: null,
          reason: failed.get(key) ?? 'no internal email address',
        };
      // No tracking in an alert (an empty Message-ID lets the transport make one).
      return {
        personId: r.id,
        orgId: r.orgId,
        mails: to.map((address) => ({ ...mail.mail, to: address, messageId: '' })),
        reason: null,
      };
    });
  }
}
