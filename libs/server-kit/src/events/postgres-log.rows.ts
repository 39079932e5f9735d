import type { EventEnvelope } from '@meridian/contracts';

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
