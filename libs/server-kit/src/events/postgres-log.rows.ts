import type { EventEnvelope } from '@meridian/contracts';
import { quoteSchema } from './outbox-sql';

/** A row of `events.log` as read back (bigint offsets stay strings). */
export interface LogRow {
  offset: string;
  event_id: string;
  topic: string;
  key: string;
  payload: unknown;
  headers: Record<string, string | undefined>;
}

/** What goes into the log's `headers`: everything of the envelope that is not a column. */
export function envelopeToLogEntry(envelope: EventEnvelope) {
  return {
    id: envelope.id,
    topic: envelope.name,
    key: envelope.key,
    payload: envelope.payload,
    headers: {
      occurred_at: envelope.occurred_at,
      ...(envelope.correlation_id ? { correlation_id: envelope.correlation_id } : {}),
    },
  };
}

export function logRowToEnvelope(row: LogRow): EventEnvelope {
  const { occurred_at, correlation_id } = row.headers;
  return {
    id: row.event_id,
    name: row.topic,
    key: row.key,
    payload: row.payload,
    occurred_at: occurred_at ?? new Date(0).toISOString(),
    ...(correlation_id ? { correlation_id } : {}),
  };
}

/**
 * Appends a batch in one statement, in batch order; an event id already in the
 * log is skipped (a relay that crashed after publishing sends its batch again).
 * Parameter: the entries as a JSON array.
 */
export const LOG_APPEND_SQL = `INSERT INTO events.log (event_id, topic, key, payload, headers)
  SELECT (e->>'id')::uuid, e->>'topic', e->>'key', e->'payload', e->'headers'
  FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS t(e, ord)
  ORDER BY ord
  ON CONFLICT (event_id) DO NOTHING
  RETURNING topic`;

/** Channel the consumers listen on; the payload is the topic that grew. */
export const LOG_CHANNEL = 'meridian_events';

/**
 * The relay's pass when the log lives in the service's own database: claims the oldest
 * unpublished outbox rows, appends them to the log in outbox order and marks them published, in
 * one statement inside the relay's transaction. The payload goes from jsonb column to jsonb
 * column without leaving Postgres (no parse and re-serialisation in node, no second JSON parse);
 * the headers are what `envelopeToLogEntry` builds (`occurred_at` as `toISOString` writes it, a
 * correlation id only when there is one). An event id already in the log is skipped, as by
 * LOG_APPEND_SQL. Consumers are notified once per topic that grew (delivered on commit).
 * Parameter: batch size. Answers the number of outbox rows claimed.
 */
export function logAppendFromOutboxSql(schema: string): string {
  const outbox = `${quoteSchema(schema)}.outbox`;
  return `WITH claimed AS (
    SELECT id, seq, name, key, payload, correlation_id, occurred_at FROM ${outbox}
    WHERE published_at IS NULL
    ORDER BY seq
    LIMIT $1
    FOR UPDATE SKIP LOCKED
  ), marked AS (
    UPDATE ${outbox} AS o SET published_at = now() FROM claimed AS c WHERE o.id = c.id RETURNING o.id
  ), appended AS (
    INSERT INTO events.log (event_id, topic, key, payload, headers)
    SELECT id, name, key, payload,
      jsonb_build_object('occurred_at', to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
        || CASE WHEN coalesce(correlation_id, '') = '' THEN '{}'::jsonb
                ELSE jsonb_build_object('correlation_id', correlation_id) END
    FROM claimed
    ORDER BY seq
    ON CONFLICT (event_id) DO NOTHING
    RETURNING topic
  ), notified AS (
    SELECT pg_notify('${LOG_CHANNEL}', topic) FROM (SELECT DISTINCT topic FROM appended) AS t
  )
  SELECT (SELECT count(*) FROM marked)::int AS count, (SELECT count(*) FROM notified)::int AS topics`;
}
