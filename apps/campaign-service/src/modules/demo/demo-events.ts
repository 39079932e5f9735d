import { type EventDefinition, events } from '@meridian/contracts';
import { DEMO_SCANNER_AGENT, demoClickAgents, demoOpenAgents } from './demo-engagement';

/** A message of the demo history as MESSAGES_FOR_EVENTS_SQL reads it. */
export interface DemoMessageRow {
  run_id: string;
  action_id: string;
  template_id: string | null;
  template_name: string | null;
  person_id: string;
  email: string;
  message_id: string;
  status: 'sent' | 'not_sent';
  reason: string | null;
  created_at: Date;
  sent_at: Date | null;
  delivered_at: Date | null;
  bounced_at: Date | null;
  complained_at: Date | null;
  first_opened_at: Date | null;
  first_clicked_at: Date | null;
  unsubscribed_at: Date | null;
  scanned: boolean;
  clicked_url: string | null;
}

export interface DemoRunRow {
  id: string;
  slot_time: Date;
  started_at: Date;
  finished_at: Date;
  total_count: number;
}

export interface DemoCampaignRef {
  organisation_id: string;
  campaign_id: string;
  campaign_name: string;
}

export interface EventItem {
  definition: EventDefinition;
  payload: unknown;
}

/** FNV-1a: a stable number per text, so a contact keeps one mail client across messages. */
function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The weighted entry a text falls on. */
export function pickWeighted(choices: readonly [string, number][], by: string): string {
  const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
  let point = stableHash(by) % total;
  for (const [value, weight] of choices) {
    if (point < weight) return value;
    point -= weight;
  }
  return choices[0]![0];
}

/** Hard bounces carry a permanent (5xx) reply; anything else bounced softly. */
const bounceType = (reason: string | null) => (reason?.startsWith('5') ? 'hard' : 'soft');

/**
 * The email events the history would have published as it happened, in order per message:
 * processed, then not_sent, or sent and delivered or bounced, then opens (a gateway's apart),
 * the click, spam and unsubscribe. Same payloads as delivery and tracking publish.
 */
export function messageEvents(campaign: DemoCampaignRef, rows: readonly DemoMessageRow[]): EventItem[] {
  const items: EventItem[] = [];
  for (const row of rows) {
    const base = {
      ...campaign,
      run_id: row.run_id,
      action_id: row.action_id,
      template_id: row.template_id,
      template_name: row.template_name,
      person_id: row.person_id,
      email: row.email,
      campaign_context: 'person' as const,
      org_id: null,
      message_id: row.message_id,
      message_created_at: row.created_at.toISOString(),
    };
    const at = (date: Date) => ({ ...base, occurred_at: date.toISOString() });
    const push = (definition: EventDefinition, payload: unknown) => items.push({ definition, payload });
    push(events.emailProcessed, at(row.created_at));
    if (row.status === 'not_sent' || !row.sent_at) {
      push(events.emailNotSent, { ...at(row.created_at), reason: row.reason ?? 'not_sent' });
      continue;
    }
    push(events.emailSent, at(row.sent_at));
    if (row.bounced_at) {
      push(events.emailBounced, {
        ...at(row.bounced_at),
        bounce_type: bounceType(row.reason),
        reason: row.reason ?? '',
      });
      continue;
    }
    if (!row.delivered_at) continue;
    push(events.emailDelivered, at(row.delivered_at));
    if (row.scanned) {
      const scannedAt = new Date(row.delivered_at.getTime() + 4_000);
      push(events.emailOpened, {
        ...at(scannedAt),
        user_agent: DEMO_SCANNER_AGENT,
        human: false,
        non_human_reason: 'scanner_user_agent',
      });
    }
    if (row.first_opened_at) {
      push(events.emailOpened, {
        ...at(row.first_opened_at),
        user_agent: pickWeighted(demoOpenAgents, row.person_id),
        human: true,
        non_human_reason: null,
      });
    }
    if (row.first_clicked_at && row.clicked_url) {
      push(events.emailClicked, {
        ...at(row.first_clicked_at),
        user_agent: pickWeighted(demoClickAgents, row.person_id),
        human: true,
        non_human_reason: null,
        url: row.clicked_url,
      });
    }
    if (row.complained_at) push(events.emailSpam, at(row.complained_at));
    if (row.unsubscribed_at) push(events.emailUnsubscribed, at(row.unsubscribed_at));
  }
  return items;
}

/** Each past run went processing, then finished. */
export function runEvents(campaign: DemoCampaignRef, runs: readonly DemoRunRow[]): EventItem[] {
  return runs.flatMap((run) =>
    (['processing', 'finished'] as const).map((state) => ({
      definition: events.campaignRunChanged,
      payload: {
        ...campaign,
        run_id: run.id,
        run_time: run.slot_time.toISOString(),
        run_state: state,
        total_count: run.total_count,
        occurred_at: (state === 'processing' ? run.started_at : run.finished_at).toISOString(),
      },
    })),
  );
}

/** Names of the campaigns, so reports can title them without reading this schema. */
export function campaignEvents(
  organisationId: string,
  campaigns: readonly { id: string; name: string; updated_at: Date }[],
): EventItem[] {
  return campaigns.map((c) => ({
    definition: events.campaignChanged,
    payload: {
      organisation_id: organisationId,
      campaign_id: c.id,
      name: c.name,
      deleted: false,
      occurred_at: c.updated_at.toISOString(),
    },
  }));
}
