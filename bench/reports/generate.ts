import type { Client } from 'pg';

export interface ReportsBenchSize {
  /** Email events the rows stand for (each message: processed, sent, delivered, some opens and clicks...). */
  events: number;
  campaigns: number;
  runsPerCampaign: number;
}

/** Roughly what one message's rows stand for in events (see `eventsPerMessage` in the README). */
export const EVENTS_PER_MESSAGE = 4;

export const uuidOf = (kind: number, n: number) =>
  `${kind.toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

const CLIENTS = `(ARRAY['Gmail','Gmail','Gmail','Gmail','Apple Mail','Apple Mail','Apple Mail','Outlook','Outlook','Yahoo Mail',
  'Chrome','Thunderbird','Edge','Firefox','Samsung Browser'])`;

/**
 * Fills the reports tables the way the consumers would have after `size.events` email events,
 * set-based with generate_series: campaign 1 holds half the messages (the one the calls read),
 * the rest are spread over the other campaigns; rollups are built from the message rows.
 */
export async function generate(
  client: Client,
  organisationId: string,
  size: ReportsBenchSize,
): Promise<number> {
  const messages = Math.ceil(size.events / EVENTS_PER_MESSAGE);
  const { campaigns, runsPerCampaign: runs } = size;
  await client.query(`SET TimeZone = 'UTC'`);
  await client.query(
    `INSERT INTO reports.campaigns (campaign_id, organisation_id, name, deleted, name_at)
     SELECT ('00000001-0000-4000-8000-' || lpad(to_hex(c), 12, '0'))::uuid, $1, 'Campaign ' || c, false, now()
     FROM generate_series(1, $2) c`,
    [organisationId, campaigns],
  );
  await client.query(
    `INSERT INTO reports.campaign_templates (campaign_id, template_id, name, name_at)
     SELECT ('00000001-0000-4000-8000-' || lpad(to_hex(c), 12, '0'))::uuid,
            ('00000003-0000-4000-8000-' || lpad(to_hex(c * 10 + t), 12, '0'))::uuid, 'Template ' || t, now()
     FROM generate_series(1, $1) c, generate_series(0, 2) t`,
    [campaigns],
  );
  await client.query(
    `INSERT INTO reports.runs (run_id, organisation_id, campaign_id, run_time, run_state, total_count, changed_at)
     SELECT ('00000002-0000-4000-8000-' || lpad(to_hex(c * 1000 + r), 12, '0'))::uuid, $1,
            ('00000001-0000-4000-8000-' || lpad(to_hex(c), 12, '0'))::uuid,
            timestamptz '2026-01-01' + make_interval(days => r), CASE WHEN r % 10 = 0 THEN 'skipped' ELSE 'finished' END,
            CASE WHEN r % 10 = 0 THEN 0 ELSE 1 END, now()
     FROM generate_series(1, $2) c, generate_series(1, $3) r`,
    [organisationId, campaigns, runs],
  );
  // Message g: campaign 1 for even g, else one of the others; a non-skipped run; one of 3 templates.
  await client.query(
    `INSERT INTO reports.messages (message_id, organisation_id, campaign_id, run_id, action_id, template_id, person_id,
       email, org_id, campaign_context, created_at, processed_at, sent_at, not_sent_at, not_sent_reason, delivered_at,
       bounced_at, bounce_type, bounce_reason, spam_at, unsub_at, first_open_at, open_count, non_human_open_count,
       first_click_at, click_count, non_human_click_count, unique_url_count)
     SELECT '<' || g || '@bench.example.com>', $1,
       ('00000001-0000-4000-8000-' || lpad(to_hex(c), 12, '0'))::uuid,
       ('00000002-0000-4000-8000-' || lpad(to_hex(c * 1000 + r), 12, '0'))::uuid,
       'send-1', ('00000003-0000-4000-8000-' || lpad(to_hex(c * 10 + g % 3), 12, '0'))::uuid,
       ('00000004-0000-4000-8000-' || lpad(to_hex(g), 12, '0'))::uuid, 'person' || g || '@example.com', NULL, 'person',
       t0, CASE WHEN ns THEN NULL ELSE t0 END, CASE WHEN ns THEN NULL ELSE t0 END,
       CASE WHEN ns THEN t0 END, CASE WHEN ns THEN 'unsubscribed' END,
       CASE WHEN NOT ns AND g % 50 <> 7 THEN t0 + interval '1 minute' END,
       CASE WHEN g % 50 = 7 THEN t0 + interval '1 minute' END, CASE WHEN g % 50 = 7 THEN 'hard' END,
       CASE WHEN g % 50 = 7 THEN 'mailbox unknown' END,
       CASE WHEN g % 1000 = 3 THEN t0 + interval '2 days' END, CASE WHEN g % 200 = 5 THEN t0 + interval '1 day' END,
       CASE WHEN opened THEN t0 + make_interval(hours => g % 72) END, CASE WHEN opened THEN 1 + g % 3 ELSE 0 END,
       CASE WHEN g % 25 = 0 THEN 1 ELSE 0 END,
       CASE WHEN clicked THEN t0 + make_interval(hours => g % 72, mins => 5) END, CASE WHEN clicked THEN 1 + g % 2 ELSE 0 END,
       CASE WHEN g % 40 = 0 THEN 1 ELSE 0 END, CASE WHEN clicked THEN 1 ELSE 0 END
     FROM generate_series(1, $2::int) g,
       LATERAL (SELECT CASE WHEN g % 2 = 0 THEN 1 ELSE 2 + (g / 2) % ($3::int - 1) END AS c,
                       1 + (g / 7) % $4::int AS r0) pick,
       LATERAL (SELECT CASE WHEN pick.r0 % 10 = 0 THEN pick.r0 - 1 ELSE pick.r0 END AS r) run,
       LATERAL (SELECT timestamptz '2026-01-01' + make_interval(days => run.r, secs => g % 3600) AS t0,
                       g % 100 = 1 AS ns, g % 5 < 2 AND g % 50 <> 7 AND g % 100 <> 1 AS opened,
                       g % 10 = 0 AND g % 50 <> 7 AS clicked) f`,
    [organisationId, messages, campaigns, runs],
  );
  await client.query(
    `UPDATE reports.runs r SET total_count = n FROM (SELECT run_id, count(*)::int AS n FROM reports.messages GROUP BY run_id) m
     WHERE m.run_id = r.run_id`,
  );
  await client.query(
    `INSERT INTO reports.message_clients (message_id, email_client, open_count)
     SELECT message_id, ${CLIENTS}[1 + abs(hashtext(message_id)) % 15], open_count
     FROM reports.messages WHERE first_open_at IS NOT NULL`,
  );
  await client.query(
    `INSERT INTO reports.message_links (message_id, url, email_client, click_count, non_human_click_count, first_click_at)
     SELECT message_id, 'https://example.com/p/' || (abs(hashtext(message_id)) % 20), ${CLIENTS}[1 + abs(hashtext(message_id)) % 15],
       click_count, non_human_click_count, first_click_at
     FROM reports.messages WHERE first_click_at IS NOT NULL`,
  );
  await buildRollups(client);
  await client.query('ANALYZE');
  return messages;
}

/** The hourly rollups as the consumers keep them, from the message rows (each outcome in its hour). */
async function buildRollups(client: Client): Promise<void> {
  const counters: [string, string, string][] = [
    ['processed_count', 'processed_at', '1'],
    ['sent_count', 'sent_at', '1'],
    ['not_sent_count', 'not_sent_at', '1'],
    ['dropped_count', 'dropped_at', '1'],
    ['delivered_count', 'delivered_at', '1'],
    ['bounce_count', 'bounced_at', '1'],
    ['spamreport_count', 'spam_at', '1'],
    ['unsub_count', 'unsub_at', '1'],
    ['unique_open_count', 'first_open_at', '1'],
    ['total_open_count', 'first_open_at', 'm.open_count'],
    ['unique_click_count_by_email', 'first_click_at', '1'],
    ['total_click_count', 'first_click_at', 'm.click_count'],
    ['unique_click_count_by_url', 'first_click_at', 'm.unique_url_count'],
    ['non_human_open_count', 'COALESCE(m.first_open_at, m.created_at)', 'm.non_human_open_count'],
    ['non_human_click_count', 'COALESCE(m.first_click_at, m.created_at)', 'm.non_human_click_count'],
  ];
  const values = counters
    .map(([k, at, n]) => `('${k}', ${at.includes('(') ? at : `m.${at}`}, ${n})`)
    .join(', ');
  await client.query(
    `INSERT INTO reports.stats_hourly (campaign_id, bucket, run_id, template_id, ${counters.map(([k]) => k).join(', ')})
     SELECT m.campaign_id, date_trunc('hour', v.at), m.run_id, m.template_id,
       ${counters.map(([k]) => `COALESCE(sum(v.n) FILTER (WHERE v.k = '${k}'), 0)`).join(', ')}
     FROM reports.messages m, LATERAL (VALUES ${values}) v(k, at, n)
     WHERE v.at IS NOT NULL AND v.n > 0
     GROUP BY 1, 2, 3, 4`,
  );
  await client.query(
    `INSERT INTO reports.link_hourly (campaign_id, bucket, run_id, template_id, url, total_click_count, unique_click_count)
     SELECT m.campaign_id, date_trunc('hour', l.first_click_at), m.run_id, m.template_id, l.url, sum(l.click_count), count(*)
     FROM reports.message_links l JOIN reports.messages m USING (message_id) GROUP BY 1, 2, 3, 4, 5`,
  );
  await client.query(
    `INSERT INTO reports.client_hourly (campaign_id, bucket, run_id, template_id, email_client, unique_open_count,
       total_open_count, unique_click_count_by_url)
     SELECT campaign_id, bucket, run_id, template_id, email_client, sum(u), sum(o), sum(c) FROM (
       SELECT m.campaign_id, date_trunc('hour', m.first_open_at) AS bucket, m.run_id, m.template_id, x.email_client,
              1 AS u, x.open_count AS o, 0 AS c
       FROM reports.message_clients x JOIN reports.messages m USING (message_id)
       UNION ALL
       SELECT m.campaign_id, date_trunc('hour', l.first_click_at), m.run_id, m.template_id, l.email_client, 0, 0, 1
       FROM reports.message_links l JOIN reports.messages m USING (message_id)
     ) x GROUP BY 1, 2, 3, 4, 5`,
  );
}
