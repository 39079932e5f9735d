import type { Pool } from 'pg';

/**
 * The Postgres transport's durable log, in the shared schema `events` (no
 * service owns it, so no service's migrations create it). Steps are applied
 * once each, in order, under an advisory lock so several processes starting
 * together do not race; like a migration, a landed step is never edited: a
 * change is a new step at the end.
 */
export const LOG_SCHEMA_STEPS: readonly string[] = [
  `CREATE TABLE events.log (
     "offset" bigserial PRIMARY KEY,
     event_id uuid NOT NULL UNIQUE,
     topic text NOT NULL,
     key text NOT NULL,
     payload jsonb NOT NULL,
     headers jsonb NOT NULL DEFAULT '{}',
     appended_at timestamptz NOT NULL DEFAULT now()
   );
   CREATE INDEX log_topic_offset_idx ON events.log (topic, "offset");
   CREATE TABLE events.consumer_offsets (
     "group" text NOT NULL,
     topic text NOT NULL,
     "offset" bigint NOT NULL DEFAULT 0,
     updated_at timestamptz NOT NULL DEFAULT now(),
     PRIMARY KEY ("group", topic)
   );`,
];

const SCHEMA_LOCK = [4_711_002, 1] as const;

export async function ensureLogSchema(pool: Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1, $2)', [...SCHEMA_LOCK]);
    await client.query('CREATE SCHEMA IF NOT EXISTS events');
    await client.query(
      'CREATE TABLE IF NOT EXISTS events.schema_steps (step int PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const { rows } = await client.query<{ step: number }>('SELECT step FROM events.schema_steps');
    const applied = new Set(rows.map((r) => r.step));
    for (const [index, sql] of LOG_SCHEMA_STEPS.entries()) {
      if (applied.has(index + 1)) continue;
      await client.query(sql);
      await client.query('INSERT INTO events.schema_steps (step) VALUES ($1)', [index + 1]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
