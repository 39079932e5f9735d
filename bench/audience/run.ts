import type { AudienceQuery } from '@meridian/contracts';
import type { Client } from 'pg';
import {
  audienceCountSql,
  audiencePreviewSql,
  type Scope,
} from '../../apps/campaign-service/src/modules/campaigns/audience/audience-sql';

export interface BenchSize {
  persons: number;
  events: number;
  /** Timed runs of each statement, after one warm-up. */
  runs: number;
}

export interface BenchResult {
  count: number;
  handCount: number;
  previewIds: string[];
  handPreviewIds: string[];
  /** Median milliseconds. */
  countMs: number;
  handCountMs: number;
  previewMs: number;
  handPreviewMs: number;
}

// prettier-ignore
const EVENTS = ['login', 'page_view', 'search', 'login', 'add_to_cart', 'purchase', 'login', 'report_run', 'export', 'settings_changed'];
const MARKETING = ['delivered', 'opened', 'clicked'];
const DAY_SECONDS = 86400;

/**
 * One organisation's data, set-based: persons (a third on plan 'pro'), `events` product events
 * spread over the last 90 days (3 in 10 are logins), one marketing event per person (delivered, opened or
 * clicked), and a neighbour organisation with a tenth of the persons sharing the tables.
 */
export async function generate(client: Client, organisationId: string, neighbourId: string, size: BenchSize) {
  const persons = (org: string, n: number) =>
    client.query(
      `INSERT INTO campaign.persons (organisation_id, email, first_name, custom_fields)
       SELECT $1, 'p' || g || '@bench.example', 'Person ' || g,
              jsonb_build_object('plan', CASE WHEN g % 3 = 0 THEN 'pro' ELSE 'free' END, 'score', g % 100)
         FROM generate_series(1, $2::int) g`,
      [org, n],
    );
  await persons(organisationId, size.persons);
  await persons(neighbourId, Math.ceil(size.persons / 10));
  await client.query(
    `CREATE TEMP TABLE bench_people AS
    SELECT row_number() OVER (ORDER BY id) AS n, id FROM campaign.persons WHERE organisation_id = $1`,
    [organisationId],
  );
  await client.query(`CREATE UNIQUE INDEX ON bench_people (n)`);
  // Events land on persons by a multiplicative hash of their number, so some have many, some none.
  await client.query(
    `INSERT INTO campaign.person_product_activity (organisation_id, person_id, event_name, event_date, event_properties)
     SELECT $1, b.id, ($3::text[])[1 + (g * 31) % 10],
            now() - make_interval(secs => ((g::bigint * 7919) % (90 * ${DAY_SECONDS}))::int),
            jsonb_build_object('n', g % 7)
       FROM generate_series(1, $2::int) g
       JOIN bench_people b ON b.n = 1 + (g::bigint * 2654435761 % $4::bigint)`,
    [organisationId, size.events, EVENTS, size.persons],
  );
  await client.query(
    `INSERT INTO campaign.person_marketing_activity (organisation_id, person_id, event, occurred_at)
     SELECT $1, b.id, ($2::text[])[1 + (b.n * 13) % 3], now() - make_interval(days => (b.n % 60)::int)
       FROM bench_people b`,
    [organisationId, MARKETING],
  );
  for (const table of ['persons', 'person_product_activity', 'person_marketing_activity'])
    await client.query(`VACUUM ANALYZE campaign.${table}`);
}

/** The benchmark's query: plan 'pro', at least 3 logins in the last 30 days, an email opened. */
export const benchQuery: AudienceQuery = {
  conditions: [
    {
      type: 'group',
      name: 'Pro plan',
      connector: '',
      children: [
        {
          type: 'filter',
          filter_type: 'person',
          filter: 'plan',
          operator: 'equals',
          value: ['pro'],
          connector: '',
        },
      ],
    },
    {
      type: 'group',
      name: 'Active',
      connector: 'and',
      children: [
        {
          type: 'group',
          filter_type: 'product_activity',
          filter: 'login',
          connector: '',
          children: [
            {
              type: 'filter',
              filter_type: 'product_activity',
              filter: 'frequency',
              operator: 'at_least',
              value: [3],
              connector: '',
            },
            {
              type: 'filter',
              filter_type: 'product_activity',
              filter: 'time_frame',
              operator: 'in_last_days',
              value: [30],
              connector: 'and',
            },
          ],
        },
      ],
    },
    {
      type: 'group',
      name: 'Engaged',
      connector: 'and',
      children: [
        {
          type: 'group',
          filter_type: 'marketing_activity',
          filter: 'opened',
          connector: '',
          children: [
            {
              type: 'filter',
              filter_type: 'marketing_activity',
              filter: 'frequency',
              operator: 'at_least',
              value: [1],
              connector: '',
            },
          ],
        },
      ],
    },
  ],
};

/** The same selection as a person would write it by hand. */
function handSql(select: string, tail: string) {
  return `SELECT ${select} FROM campaign.persons p
    WHERE p.organisation_id = $1
      AND lower(p.custom_fields ->> 'plan') = 'pro'
      AND p.id IN (SELECT a.person_id FROM campaign.person_product_activity a
                    WHERE a.organisation_id = $1 AND a.event_name = 'login' AND a.event_date >= $2::timestamptz - interval '30 days'
                      AND a.event_date <= $2::timestamptz
                    GROUP BY a.person_id HAVING count(*) >= 3)
      AND EXISTS (SELECT 1 FROM campaign.person_marketing_activity m
                   WHERE m.organisation_id = $1 AND m.person_id = p.id AND m.event = 'opened') ${tail}`;
}

async function median(runs: number, once: () => Promise<unknown>): Promise<number> {
  await once();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await once();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

/** Times the compiled count and preview against the hand-written SQL, on a migrated database. */
export async function runAudienceBench(
  client: Client,
  organisationId: string,
  size: BenchSize,
): Promise<BenchResult> {
  const now = new Date();
  const scope: Scope = {
    organisationId,
    context: 'person',
    now,
    fields: [{ name: 'plan', type: 'string', custom: true }],
  };
  const count = audienceCountSql(benchQuery, scope);
  const preview = audiencePreviewSql(benchQuery, scope);
  const handCount = handSql('count(*) AS count', '');
  const handPreview = handSql(
    'p.id, p.email, p.first_name, p.last_name, p.company_name, p.product_user_id, p.org_id AS org_id',
    'ORDER BY lower(p.email), p.org_id LIMIT 20',
  );
  const hand = [organisationId, now.toISOString()];
  const ids = async (text: string, values: unknown[]) =>
    (await client.query<{ id: string }>(text, values)).rows.map((r) => r.id);
  const total = async (text: string, values: unknown[]) =>
    Number((await client.query(text, values)).rows[0].count);
  return {
    count: await total(count.text, count.values),
    handCount: await total(handCount, hand),
    previewIds: await ids(preview.text, preview.values),
    handPreviewIds: await ids(handPreview, hand),
    countMs: await median(size.runs, () => client.query(count.text, count.values)),
    handCountMs: await median(size.runs, () => client.query(handCount, hand)),
    previewMs: await median(size.runs, () => client.query(preview.text, preview.values)),
    handPreviewMs: await median(size.runs, () => client.query(handPreview, hand)),
  };
}
