/**
 * The demo seed's run history SQL: per past run a handful of set-based statements (the run, its
 * audience snapshot, one statement per send step for every recipient, the step's effects), then
 * one statement each for the marketing activity and the campaign's counts.
 */

/** Whether a delivered message was also fetched by a link-checking gateway ($3: per mille). */
const scanned = (m: string, perMille: string) =>
  `(${m}.delivered_at IS NOT NULL AND abs(hashtext(${m}.id::text || ':scan')) % 1000 < ${perMille})`;
/** The link a clicked message's click went to: one of its own links, fixed by the message id. */
const clickedLink = (m: string) =>
  `(${m}.links ->> (abs(hashtext(${m}.id::text)) % greatest(jsonb_array_length(${m}.links), 1)))`;

/** $1 org, $2 campaign, $3 version, $4 slot, $5 finished; returns the run id. */
export const RUN_SQL = `
  INSERT INTO campaign.campaign_runs (organisation_id, campaign_id, campaign_version, run_type,
    slot_time, state, created_at, started_at, finished_at)
  VALUES ($1, $2, $3, 'recurring', $4, 'finished', $4::timestamptz - interval '7 days', $4, $5)
  RETURNING id`;

/**
 * The audience snapshot: the digest's list ($6 plans, newsletter readers) as it stood at the slot
 * ($4); everyone completed the flow by $5, on the upgrade step ($8) when on plan $7, else at the
 * branch ($9). Returns the run's total.
 */
export const RUN_PERSONS_SQL = `
  WITH entered AS (
    INSERT INTO campaign.run_persons (run_id, person_id, organisation_id, campaign_id, state,
      current_action_id, outcome, entered_at, updated_at)
    SELECT $2, p.id, p.organisation_id, $3, 'completed',
      CASE WHEN p.custom_fields ->> 'plan' = $7 THEN $8 ELSE $9 END, 'completed', $4, $5
    FROM campaign.persons p
    WHERE p.organisation_id = $1 AND p._created_time <= $4
      AND p.custom_fields ->> 'plan' = ANY($6::text[]) AND (p.custom_fields ->> 'newsletter')::boolean
    RETURNING 1
  )
  UPDATE campaign.campaign_runs SET total_count = (SELECT count(*) FROM entered)
  WHERE id = $2 RETURNING total_count`;

/**
 * One send step of one run: a message per recipient ($10: only those on that plan, or all), with
 * its fate drawn once: skipped when unsubscribed (from an earlier message) or suppressed before
 * the send ($6), else sent;
 * then bounced (hard or soft) or delivered; delivered ones opened, clicked, unsubscribed or marked
 * as spam at the rates of $11. Message-ID `<id@sender domain>` ($7), as delivery makes it.
 */
export const STEP_MESSAGES_SQL = `
  WITH eligible AS (
    SELECT gen_random_uuid() AS id, p.id AS person_id, p.email, p.first_name, p.company_name,
      EXISTS (SELECT 1 FROM campaign.email_messages u WHERE u.organisation_id = $1
        AND u.person_id = p.id AND u.unsubscribed_at <= $6) AS unsubscribed,
      EXISTS (SELECT 1 FROM campaign.suppressions s
        WHERE s.organisation_id = $1 AND s.email = lower(p.email) AND s.created_at <= $6) AS suppressed,
      random() AS bounce_draw, random() AS open_draw, random() AS click_draw,
      random() AS unsubscribe_draw, random() AS spam_draw, random() AS delay_draw,
      $6::timestamptz + random() * interval '20 minutes' AS sent_at
    FROM campaign.run_persons rp JOIN campaign.persons p ON p.id = rp.person_id
    WHERE rp.run_id = $2 AND ($10::text IS NULL OR p.custom_fields ->> 'plan' = $10)
  ), fated AS (
    SELECT e.*,
      CASE WHEN e.unsubscribed THEN 'unsubscribed' WHEN e.suppressed THEN 'suppressed' END AS skipped,
      CASE WHEN e.bounce_draw < ($11::jsonb ->> 'hardBounce')::float8 THEN 'hard'
        WHEN e.bounce_draw < ($11::jsonb ->> 'hardBounce')::float8 + ($11::jsonb ->> 'softBounce')::float8
        THEN 'soft' END AS bounce
    FROM eligible e
  ), delivered AS (
    SELECT f.*, CASE WHEN f.skipped IS NULL AND f.bounce IS NULL
        THEN f.sent_at + (2 + f.delay_draw * 40) * interval '1 second' END AS delivered_at
    FROM fated f
  ), engaged AS (
    SELECT d.*, CASE WHEN d.delivered_at IS NOT NULL AND d.open_draw < ($11::jsonb ->> 'open')::float8
        THEN d.delivered_at + interval '3 minutes' + power(d.delay_draw, 3) * interval '60 hours' END AS opened_at
    FROM delivered d
  )
  INSERT INTO campaign.email_messages (id, organisation_id, campaign_id, run_id, action_id, person_id,
    template_id, email, message_id, status, reason, subject, links, created_at, sent_at, delivered_at,
    bounced_at, complained_at, first_opened_at, first_clicked_at, unsubscribed_at)
  SELECT id, $1, $3, $2, $4, person_id, $5, email, '<' || id || '@' || $7 || '>',
    CASE WHEN skipped IS NULL THEN 'sent' ELSE 'not_sent' END,
    CASE WHEN skipped IS NOT NULL THEN skipped
      WHEN bounce = 'hard' THEN '550 5.1.1 The email account that you tried to reach does not exist'
      WHEN bounce = 'soft' THEN '452 4.2.2 The email account that you tried to reach is over quota' END,
    replace(replace($8, '{first}', coalesce(first_name, 'there')), '{company}', coalesce(company_name, 'work')),
    $9::jsonb, $6, CASE WHEN skipped IS NULL THEN sent_at END, delivered_at,
    CASE WHEN skipped IS NULL AND bounce IS NOT NULL THEN sent_at + interval '4 seconds' END,
    CASE WHEN delivered_at IS NOT NULL AND spam_draw < ($11::jsonb ->> 'spam')::float8
      THEN delivered_at + (1 + delay_draw * 20) * interval '1 hour' END,
    opened_at,
    CASE WHEN opened_at IS NOT NULL AND click_draw < ($11::jsonb ->> 'click')::float8
      THEN opened_at + (10 + delay_draw * 300) * interval '1 second' END,
    CASE WHEN opened_at IS NOT NULL AND unsubscribe_draw < ($11::jsonb ->> 'unsubscribe')::float8
      THEN opened_at + interval '2 minutes' END
  FROM engaged`;

/** A step's hard bounces and complaints are never sent to again. */
export const STEP_SUPPRESSIONS_SQL = `
  INSERT INTO campaign.suppressions (organisation_id, email, reason, detail, created_at)
  SELECT organisation_id, lower(email), CASE WHEN bounced_at IS NOT NULL THEN 'bounce' ELSE 'complaint' END,
    coalesce(reason, 'Marked as spam'), coalesce(bounced_at, complained_at)
  FROM campaign.email_messages
  WHERE run_id = $1 AND action_id = $2
    AND ((bounced_at IS NOT NULL AND reason LIKE '5%') OR complained_at IS NOT NULL)
  ON CONFLICT (organisation_id, email) DO NOTHING`;

/** The contacts' marketing activity from the campaign's messages ($3: scanner opens per mille). */
export const MARKETING_ACTIVITY_SQL = `
  INSERT INTO campaign.person_marketing_activity (organisation_id, person_id, event, occurred_at,
    template_name, campaign_name, context, campaign_id, template_id, link, human, message_id)
  SELECT m.organisation_id, m.person_id, ev.event, ev.at, t.name, c.name, c.campaign_context,
    m.campaign_id, m.template_id, ev.link, ev.human, m.message_id
  FROM campaign.email_messages m
  JOIN campaign.campaigns c ON c.id = m.campaign_id
  LEFT JOIN campaign.email_templates t ON t.id = m.template_id
  CROSS JOIN LATERAL (VALUES
    ('sent', m.sent_at, NULL::text, true),
    ('delivered', m.delivered_at, NULL, true),
    ('bounced', m.bounced_at, NULL, true),
    ('opened', CASE WHEN ${scanned('m', '$3')} THEN m.delivered_at + interval '4 seconds' END, NULL, false),
    ('opened', m.first_opened_at, NULL, true),
    ('clicked', m.first_clicked_at, ${clickedLink('m')}, true),
    ('unsubscribed', m.unsubscribed_at, NULL, true),
    ('spam_reported', m.complained_at, NULL, true)
  ) AS ev(event, at, link, human)
  WHERE m.organisation_id = $1 AND m.campaign_id = $2 AND ev.at IS NOT NULL`;

/** Who unsubscribed, and when first: the persons module marks them. */
export const UNSUBSCRIBES_SQL = `
  SELECT person_id, min(unsubscribed_at) AS at FROM campaign.email_messages
  WHERE organisation_id = $1 AND campaign_id = $2 AND unsubscribed_at IS NOT NULL
  GROUP BY person_id`;

/** The campaign list's counts, as delivery, tracking and the engine keep them. */
export const CAMPAIGN_COUNTS_SQL = `
  UPDATE campaign.campaigns c
  SET count_processed = s.processed, count_delivered = s.delivered, count_bounced = s.bounced,
    count_dropped = s.dropped, count_not_sent = s.not_sent, open_count = s.opened,
    total_count = (SELECT coalesce(sum(r.total_count), 0) FROM campaign.campaign_runs r WHERE r.campaign_id = c.id)
  FROM (
    SELECT count(*) AS processed, count(delivered_at) AS delivered, count(bounced_at) AS bounced,
      count(*) FILTER (WHERE status = 'dropped') AS dropped,
      count(*) FILTER (WHERE status = 'not_sent') AS not_sent, count(first_opened_at) AS opened
    FROM campaign.email_messages WHERE organisation_id = $1 AND campaign_id = $2
  ) s
  WHERE c.id = $2 AND c.organisation_id = $1`;

/** What the email events are made from, one row per message ($3: scanner opens per mille). */
export const MESSAGES_FOR_EVENTS_SQL = `
  SELECT m.run_id, m.action_id, m.template_id, t.name AS template_name, m.person_id, m.email,
    m.message_id, m.status, m.reason, m.created_at, m.sent_at, m.delivered_at, m.bounced_at,
    m.complained_at, m.first_opened_at, m.first_clicked_at, m.unsubscribed_at,
    ${scanned('m', '$3')} AS scanned, ${clickedLink('m')} AS clicked_url
  FROM campaign.email_messages m
  LEFT JOIN campaign.email_templates t ON t.id = m.template_id
  WHERE m.organisation_id = $1 AND m.campaign_id = $2
  ORDER BY m.created_at, m.message_id`;

export const RUNS_FOR_EVENTS_SQL = `
  SELECT id, slot_time, started_at, finished_at, total_count FROM campaign.campaign_runs
  WHERE organisation_id = $1 AND campaign_id = $2 ORDER BY slot_time`;
