/**
 * The demo seed's contact SQL: each statement writes all rows of one kind at once
 * (generate_series, unnest, INSERT ... SELECT), never a row per statement. $1 is always the
 * organisation.
 */

/** Claims the seed for the organisation; no row back means it was seeded before. */
export const CLAIM_SQL = `
  INSERT INTO campaign.demo_seeds (organisation_id) VALUES ($1)
  ON CONFLICT (organisation_id) DO NOTHING RETURNING organisation_id`;

export const FINISH_SQL = `UPDATE campaign.demo_seeds SET duration_ms = $2 WHERE organisation_id = $1`;

/** The staging table of the generated contacts, in the shape the persons module inserts from. */
export const DEMO_CONTACTS_TABLE = 'pg_temp.demo_contacts';
export const STAGE_TABLE_SQL = `
  CREATE TEMP TABLE demo_contacts (id uuid NOT NULL DEFAULT gen_random_uuid(), email text NOT NULL,
    first_name text, last_name text, title text, company_name text, phone_number text,
    product_user_id text, org_id text, custom jsonb NOT NULL, created_time timestamptz NOT NULL,
    updated_time timestamptz NOT NULL) ON COMMIT DROP`;

/**
 * Stages the contacts. $2 count, $3 first names, $4 last names, $5 companies, $6 titles,
 * $7 countries, $8 plans, $9 the plans' cumulative shares ($1 unused, the organisation as
 * everywhere). Each contact draws its names, company, plan and signup day once (the `draw`
 * row), so its email, company and custom fields agree with each other.
 */
export const STAGE_CONTACTS_SQL = `
  WITH draw AS (
    SELECT n,
      ($3::text[])[1 + floor(random() * cardinality($3::text[]))::int] AS first_name,
      ($4::text[])[1 + floor(random() * cardinality($4::text[]))::int] AS last_name,
      1 + floor(random() * cardinality($5::text[]))::int AS company,
      ($6::text[])[1 + floor(random() * cardinality($6::text[]))::int] AS title,
      ($7::text[])[1 + floor(random() * cardinality($7::text[]))::int] AS country,
      random() AS plan_draw, random() AS seat_draw, random() AS newsletter_draw,
      now() - (random() * 540 + 1) * interval '1 day' AS created
    FROM generate_series(1, $2::int) n
  ), shaped AS (
    SELECT d.*, ($5::text[])[d.company] AS company_name,
      (SELECT p FROM unnest($8::text[], $9::float8[]) AS x(p, up_to) WHERE d.plan_draw <= x.up_to
       ORDER BY x.up_to LIMIT 1) AS plan
    FROM draw d
  ), priced AS (
    SELECT s.*, CASE s.plan
        WHEN 'free' THEN 1 WHEN 'starter' THEN 1 + floor(s.seat_draw * 5)::int
        WHEN 'pro' THEN 5 + floor(s.seat_draw * 45)::int ELSE 50 + floor(s.seat_draw * 450)::int
      END AS seats,
      CASE s.plan WHEN 'free' THEN 0 WHEN 'starter' THEN 12 WHEN 'pro' THEN 29 ELSE 49 END AS price
    FROM shaped s
  )
  INSERT INTO demo_contacts (email, first_name, last_name, title, company_name, phone_number,
    product_user_id, org_id, custom, created_time, updated_time)
  SELECT lower(first_name || '.' || regexp_replace(last_name, '[^A-Za-z]', '', 'g') || n) || '@'
      || trim(both '-' from regexp_replace(lower(company_name), '[^a-z0-9]+', '-', 'g')) || '.example',
    first_name, last_name, title, company_name,
    '+1 555 01' || lpad((n % 100)::text, 2, '0') || ' ' || lpad((n % 10000)::text, 4, '0'),
    'usr_' || lpad(n::text, 5, '0'), 'org_' || lpad(company::text, 3, '0'),
    jsonb_build_object(
      'plan', plan, 'country', country,
      'signup_date', to_char(created AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
      'seats', seats, 'mrr', round((seats * price)::numeric, 2),
      'newsletter', newsletter_draw < 0.45),
    created, created + random() * (now() - created)
  FROM priced
  WHERE $1::uuid IS NOT NULL`;

/** The product users beside the contacts: one per contact, in its company's product org. */
export const PRODUCT_USERS_SQL = `
  INSERT INTO campaign.person_org (organisation_id, email, org_id, product_user_id, user_properties,
    _created_time, _updated_time)
  SELECT p.organisation_id, p.email, p.org_id, p.product_user_id,
    jsonb_build_object('role', CASE WHEN p.title ~ '^(CEO|CTO|VP)' THEN 'owner' ELSE 'member' END,
      'plan', p.custom_fields ->> 'plan', 'seats', p.custom_fields -> 'seats'),
    p._created_time, p._updated_time
  FROM campaign.persons p WHERE p.organisation_id = $1
  ON CONFLICT DO NOTHING`;

/**
 * Product events over the last $3 days: each contact did 1 to 24 things (how many is drawn from
 * its id, so the series is correlated with the contact), names drawn from $2.
 */
export const PRODUCT_EVENTS_SQL = `
  INSERT INTO campaign.person_product_activity (organisation_id, person_id, event_name, event_date,
    event_properties, user_id, org_id)
  SELECT p.organisation_id, p.id, e.name, e.at,
    jsonb_build_object('plan', p.custom_fields ->> 'plan', 'source',
      (ARRAY['web', 'web', 'ios', 'android', 'api'])[1 + (abs(hashtext(p.id::text || e.k)) % 5)]),
    p.product_user_id, p.org_id
  FROM campaign.persons p
  CROSS JOIN LATERAL (
    SELECT k, ($2::text[])[1 + floor(random() * cardinality($2::text[]))::int] AS name,
      greatest(p._created_time, now() - $3::int * interval '1 day')
        + random() * (now() - greatest(p._created_time, now() - $3::int * interval '1 day')) AS at
    FROM generate_series(1, 1 + abs(hashtext(p.id::text)) % 24) k
  ) e
  WHERE p.organisation_id = $1`;

/** $2 names; returns the lists' ids in the same order. */
export const STATIC_LISTS_SQL = `
  INSERT INTO campaign.static_lists (organisation_id, name, created_at, updated_at)
  SELECT $1, name, now() - (20 + ord) * interval '1 day', now() - ord * interval '1 day'
  FROM unnest($2::text[]) WITH ORDINALITY AS l(name, ord)
  RETURNING id, name`;

/**
 * Each contact joins each list ($2 ids): by a boolean custom field when the list follows one ($4,
 * e.g. the newsletter readers), else with its share ($3) of chance.
 */
export const STATIC_LIST_MEMBERS_SQL = `
  INSERT INTO campaign.static_list_members (static_list_id, person_id, organisation_id, added_at)
  SELECT l.id, p.id, p.organisation_id, p._created_time + random() * (now() - p._created_time)
  FROM campaign.persons p
  JOIN unnest($2::uuid[], $3::float8[], $4::text[]) AS l(id, share, field)
    ON CASE WHEN l.field IS NULL THEN random() < l.share
       ELSE coalesce((p.custom_fields ->> l.field)::boolean, false) END
  WHERE p.organisation_id = $1`;

/** $2: tokens as a JSON array of {name, code, description, default_value}. */
export const TOKENS_SQL = `
  INSERT INTO campaign.email_tokens (organisation_id, name, code, description, default_value,
    return_type, created_by_name, created_at, updated_at)
  SELECT $1, name, code, description, default_value, 'string', 'Demo Admin',
    now() - interval '70 days', now() - interval '70 days'
  FROM jsonb_to_recordset($2::jsonb) AS t(name text, code text, description text, default_value text)`;

/** $2: templates as a JSON array of {name, subject, html, ord}; $3 the sender; returns id per name. */
export const TEMPLATES_SQL = `
  INSERT INTO campaign.email_templates (organisation_id, name, template_type, subject, content,
    from_email, reply_to, created_by_name, updated_by_name, created_at, updated_at)
  SELECT $1, t.name, 'advanced', t.subject, t.html, $3::jsonb, 'support@demo.meridian.dev',
    'Demo Admin', 'Demo Admin', now() - (80 - ord) * interval '1 day', now() - (30 - ord) * interval '1 day'
  FROM jsonb_to_recordset($2::jsonb) AS t(name text, subject text, html text, ord int)
  RETURNING id, name`;

/**
 * $2: campaigns as a JSON array; returns id per name. Counts start at zero and are set from the
 * messages once the history is written.
 */
export const CAMPAIGNS_SQL = `
  INSERT INTO campaign.campaigns (organisation_id, name, campaign_context, draft, active, version,
    flow, dynamic_list, schedule, rule, draft_data, created_by_name, created_at, updated_at,
    activated_at, deactivated_at)
  SELECT $1, c.name, 'person', c.draft, c.active, c.version, c.flow, c.dynamic_list, c.schedule,
    c.rule, c.draft_data, 'Demo Admin', c.created_at, c.updated_at, c.activated_at, c.deactivated_at
  FROM jsonb_to_recordset($2::jsonb) AS c(name text, draft boolean, active boolean, version int,
    flow jsonb, dynamic_list jsonb, schedule jsonb, rule jsonb, draft_data jsonb,
    created_at timestamptz, updated_at timestamptz, activated_at timestamptz, deactivated_at timestamptz)
  RETURNING id, name`;
