import { randomUUID } from 'node:crypto';
import type { CampaignTestApp } from './campaign-test-app';
import { UnsubscribeLinks } from '../../src/modules/assets/personalisation';
import { SERVICE_PREFIX } from '@meridian/contracts';
import {
  signTrackingToken,
  TRACKING_PATHS,
  type TrackingTarget,
} from '../../src/modules/delivery/tracking/tracking-tokens';

export interface SentMessage {
  organisationId: string;
  campaignId: string;
  personId: string;
  messageId: string;
  rfcMessageId: string;
  links: string[];
}

/**
 * A person, a campaign with a run, and one sent message of it, inserted as the sender would
 * leave them (tracking is tested without the sender). `sentSecondsAgo` moves sent_at back.
 */
export async function sentMessage(
  t: CampaignTestApp,
  organisationId: string,
  options: { links?: string[]; sentSecondsAgo?: number; email?: string; campaignName?: string } = {},
): Promise<SentMessage> {
  const links = options.links ?? ['https://acme.test/pricing', 'https://acme.test/blog?utm=1'];
  const [person] = await t.sql<{ id: string }>(
    `INSERT INTO campaign.persons (organisation_id, email, first_name) VALUES ($1, $2, 'Ann') RETURNING id`,
    [organisationId, options.email ?? `ann-${randomUUID()}@ex.test`],
  );
  const [campaign] = await t.sql<{ id: string }>(
    `INSERT INTO campaign.campaigns (organisation_id, name, campaign_context) VALUES ($1, $2, 'person') RETURNING id`,
    [organisationId, options.campaignName ?? 'Spring news'],
  );
  const [run] = await t.sql<{ id: string }>(
    `INSERT INTO campaign.campaign_runs (organisation_id, campaign_id, campaign_version, run_type, slot_time, state)
     VALUES ($1, $2, 1, 'at_once', now(), 'processing') RETURNING id`,
    [organisationId, campaign!.id],
  );
  const id = randomUUID();
  const rfcMessageId = `<${id}@demo.meridian.dev>`;
  await t.sql(
    `INSERT INTO campaign.email_messages (id, organisation_id, campaign_id, run_id, action_id, person_id, email,
       message_id, status, subject, links, sent_at)
     VALUES ($1, $2, $3, $4, 'send-1', $5, 'ann@ex.test', $6, 'sent', 'Hello', $7,
       now() - make_interval(secs => $8))`,
    [
      id,
      organisationId,
      campaign!.id,
      run!.id,
      person!.id,
      rfcMessageId,
      JSON.stringify(links),
      options.sentSecondsAgo ?? 3600,
    ],
  );
  return {
    organisationId,
    campaignId: campaign!.id,
    personId: person!.id,
    messageId: id,
    rfcMessageId,
    links,
  };
}

/** The path of a signed tracking link, as the sender would put it in the mail. */
export async function trackingPath(t: CampaignTestApp, target: TrackingTarget): Promise<string> {
  const key = await t.app.get(UnsubscribeLinks).signingKey();
  return `${SERVICE_PREFIX.campaign}${TRACKING_PATHS[target.kind]}${signTrackingToken(key, target)}`;
}

export interface OutboxEvent {
  name: string;
  payload: Record<string, unknown>;
}

export function outboxEvents(t: CampaignTestApp, kind: string, messageId: string): Promise<OutboxEvent[]> {
  return t.sql<OutboxEvent>(
    `SELECT name, payload FROM campaign.outbox WHERE name = $1 AND key = $2 ORDER BY seq`,
    [`campaign.email.${kind}.v1`, messageId],
  );
}

export function activity(t: CampaignTestApp, personId: string) {
  return t.sql<{
    event: string;
    human: boolean;
    link: string | null;
    message_id: string;
    campaign_name: string;
  }>(
    `SELECT event, human, link, message_id, campaign_name FROM campaign.person_marketing_activity
     WHERE person_id = $1 ORDER BY occurred_at, event DESC`,
    [personId],
  );
}
