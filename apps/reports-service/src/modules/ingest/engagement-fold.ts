import type { emailEvents, EventPayload } from '@meridian/contracts';
import { emailClientOf } from './email-client';
import {
  bucketOf,
  type BucketKey,
  Deltas,
  earlier,
  type MessageMeta,
  metaOf,
  type StatCounter,
} from './fold-types';

export type OpenedPayload = EventPayload<typeof emailEvents.emailOpened>;
export type ClickedPayload = EventPayload<typeof emailEvents.emailClicked>;

export interface StoredOpens {
  /** When the stored message was sent (its first event): the hour its counts go to. */
  created_at?: string;
  first_open_at: string | null;
  open_count: number;
  non_human_open_count: number;
}
export interface StoredClicks {
  created_at?: string;
  first_open_at: string | null;
  first_click_at: string | null;
  click_count: number;
  non_human_click_count: number;
  unique_url_count: number;
}
export interface StoredLink {
  message_id: string;
  url: string;
  email_client: string;
  click_count: number;
  non_human_click_count: number;
  first_click_at: string | null;
}

type ClientKey = BucketKey & { email_client: string };
type LinkKey = BucketKey & { url: string };
type ClientCounter = 'unique_open_count' | 'total_open_count' | 'unique_click_count_by_url';
type LinkCounter = 'total_click_count' | 'unique_click_count';

const noOpens: StoredOpens = { first_open_at: null, open_count: 0, non_human_open_count: 0 };
const noClicks: StoredClicks = {
  first_open_at: null,
  first_click_at: null,
  click_count: 0,
  non_human_click_count: 0,
  unique_url_count: 0,
};

/**
 * Opens of a batch over what is stored. People's opens count per message (unique: its first)
 * and per email client; scanners' opens only in their own counter, never in people's.
 */
export function foldOpens(
  events: readonly OpenedPayload[],
  stored: ReadonlyMap<string, StoredOpens>,
  storedClients: ReadonlyMap<string, number>,
) {
  const messages = new Map<string, MessageMeta & StoredOpens>();
  const clients = new Map<string, { message_id: string; email_client: string; open_count: number }>();
  const stats = new Deltas<BucketKey, StatCounter>();
  const clientStats = new Deltas<ClientKey, ClientCounter>();
  for (const p of events) {
    const at = new Date(p.occurred_at).toISOString();
    const m = messages.get(p.message_id) ?? { ...metaOf(p), ...(stored.get(p.message_id) ?? noOpens) };
    messages.set(p.message_id, m);
    const bucket = bucketOf(p, m.created_at);
    if (!p.human) {
      m.non_human_open_count += 1;
      stats.add(bucket, 'non_human_open_count');
      continue;
    }
    if (m.first_open_at === null) stats.add(bucket, 'unique_open_count');
    m.first_open_at = earlier(m.first_open_at, at);
    m.open_count += 1;
    stats.add(bucket, 'total_open_count');
    const email_client = emailClientOf(p.user_agent);
    const clientId = `${p.message_id}\n${email_client}`;
    const c = clients.get(clientId) ?? {
      message_id: p.message_id,
      email_client,
      open_count: storedClients.get(clientId) ?? 0,
    };
    clients.set(clientId, c);
    if (c.open_count === 0) clientStats.add({ ...bucket, email_client }, 'unique_open_count');
    c.open_count += 1;
    clientStats.add({ ...bucket, email_client }, 'total_open_count');
  }
  return {
    messages: [...messages.values()],
    clients: [...clients.values()],
    stats: stats.list(),
    clientStats: clientStats.list(),
  };
}

/**
 * Clicks of a batch over what is stored: per message (unique by email: its first click; unique
 * by url: each link's first), per link (top links) and per email client. Scanners' clicks are
 * kept on the message and link apart and never reach people's counters. A person's click proves
 * the message was opened, even when its images were blocked and no open was recorded: the message
 * counts as opened (unique) from its earliest open or click, so clicks per open stay within 100%;
 * the total of opens and the email clients' opens count recorded opens only.
 */
export function foldClicks(
  events: readonly ClickedPayload[],
  stored: ReadonlyMap<string, StoredClicks>,
  storedLinks: readonly StoredLink[],
) {
  const messages = new Map<string, MessageMeta & StoredClicks>();
  const links = new Map(storedLinks.map((l) => [`${l.message_id}\n${l.url}\n${l.email_client}`, { ...l }]));
  const touched = new Set<string>();
  const humanUrls = new Set(
    storedLinks.filter((l) => l.click_count > 0).map((l) => `${l.message_id}\n${l.url}`),
  );
  const stats = new Deltas<BucketKey, StatCounter>();
  const clientStats = new Deltas<ClientKey, ClientCounter>();
  const linkStats = new Deltas<LinkKey, LinkCounter>();
  for (const p of events) {
    const at = new Date(p.occurred_at).toISOString();
    const m = messages.get(p.message_id) ?? { ...metaOf(p), ...(stored.get(p.message_id) ?? noClicks) };
    messages.set(p.message_id, m);
    const bucket = bucketOf(p, m.created_at);
    const email_client = emailClientOf(p.user_agent);
    const linkId = `${p.message_id}\n${p.url}\n${email_client}`;
    const link = links.get(linkId) ?? {
      message_id: p.message_id,
      url: p.url,
      email_client,
      click_count: 0,
      non_human_click_count: 0,
      first_click_at: null,
    };
    links.set(linkId, link);
    touched.add(linkId);
    if (!p.human) {
      m.non_human_click_count += 1;
      link.non_human_click_count += 1;
      stats.add(bucket, 'non_human_click_count');
      continue;
    }
    if (m.first_click_at === null) stats.add(bucket, 'unique_click_count_by_email');
    m.first_click_at = earlier(m.first_click_at, at);
    if (m.first_open_at === null) stats.add(bucket, 'unique_open_count');
    m.first_open_at = earlier(m.first_open_at, at);
    m.click_count += 1;
    stats.add(bucket, 'total_click_count');
    linkStats.add({ ...bucket, url: p.url }, 'total_click_count');
    const urlId = `${p.message_id}\n${p.url}`;
    if (!humanUrls.has(urlId)) {
      humanUrls.add(urlId);
      m.unique_url_count += 1;
      stats.add(bucket, 'unique_click_count_by_url');
      linkStats.add({ ...bucket, url: p.url }, 'unique_click_count');
    }
    if (link.click_count === 0) clientStats.add({ ...bucket, email_client }, 'unique_click_count_by_url');
    link.click_count += 1;
    link.first_click_at = earlier(link.first_click_at, at);
  }
  return {
    messages: [...messages.values()],
    links: [...touched].sort().map((id) => links.get(id)!),
    stats: stats.list(),
    clientStats: clientStats.list(),
    linkStats: linkStats.list(),
  };
}
