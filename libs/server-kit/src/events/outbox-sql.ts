import { randomUUID } from 'node:crypto';
import type { EventDefinition, EventEnvelope, EventPayload } from '@meridian/contracts';
import { EventsError } from './events.errors';

/**
 * SQL and row shapes of the per-service outbox (`<schema>.outbox`,
 * `<schema>.processed_events`, created by each service's migration). Kept pure so
 * the publisher, the relay, the consumers and the tests share one definition.
 */

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

/** A schema name as a quoted identifier; refuses anything that is not a plain name. */
export function quoteSchema(schema: string): string {
  if (!IDENTIFIER.test(schema))
    throw new Error(`Not a valid schema name for events: ${JSON.stringify(schema)}`);
  return `"${schema}"`;
}

/** The channel a service's relay listens on; publishers notify it on commit. */
export function outboxChannel(schema: string): string {
  quoteSchema(schema);
  return `meridian_outbox_${schema}`;
}

export interface OutboxRow {
  id: string;
  name: string;
  key: string;
  payload: unknown;
  correlation_id: string | null;
}

/** Validates a payload with its catalogue schema and shapes the outbox row. */
export function buildOutboxRow<D extends EventDefinition>(
  definition: D,
  payload: EventPayload<D>,
  correlationId: string | undefined,
  id: string = randomUUID(),
): OutboxRow {
  const parsed = definition.payload.safeParse(payload);
  if (!parsed.success) {
    const issues = parsed.error.issues.map(
      (i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`,
    );
    throw new EventsError('InvalidEventPayloadException', definition.name, issues);
  }
  return {
    id,
    name: definition.name,
    key: definition.key(parsed.data),
    payload: parsed.data,
    correlation_id: correlationId ?? null,
  };
}

/**
 * Inserts one outbox row and notifies the relay. pg_notify inside the
 * transaction is delivered only on commit (and never on rollback), and repeated
 * notifications in one transaction collapse into one.
 * Parameters: id, name, key, payload (JSON text), correlation id, channel.
 */
export function outboxInsertSql(schema: string): string {
  return `WITH inserted AS (
    INSERT INTO ${quoteSchema(schema)}.outbox (id, name, key, payload, correlation_id)
    VALUES ($1, $2, $3, $4::jsonb, $5)
    RETURNING id
  )
  SELECT id, pg_notify($6, '') FROM inserted`;
}

/**
 * Inserts many outbox rows in one statement and notifies once. The rows travel as one JSON
 * array, in order (jsonb_to_recordset keeps it, so `seq` follows it): a jsonb[] parameter would
 * have every payload escaped as an array element by the driver and parsed twice by Postgres,
 * which cost more than the insert itself on the busiest paths (bench/tracking). The array is
 * read as jsonb, parsed once: read as json, each payload's text was parsed a second time into
 * the jsonb column (a fifth to a third more Postgres time for big payloads, bench/ingest).
 * Parameters: the rows as JSON, channel.
 */
export function outboxInsertManySql(schema: string): string {
  return `WITH inserted AS (
    INSERT INTO ${quoteSchema(schema)}.outbox (id, name, key, payload, correlation_id)
    SELECT r.id, r.name, r.key, r.payload, r.correlation_id
    FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, name text, key text, payload jsonb, correlation_id text)
    RETURNING id
  )
  SELECT count(*)::int AS count, pg_notify($2, '') FROM inserted`;
}

export function outboxInsertManyParams(schema: string, rows: readonly OutboxRow[]): unknown[] {
  return [JSON.stringify(rows), outboxChannel(schema)];
}

export function outboxInsertParams(schema: string, row: OutboxRow): unknown[] {
  return [row.id, row.name, row.key, JSON.stringify(row.payload), row.correlation_id, outboxChannel(schema)];
}

/** Unpublished rows, oldest first, locked for this relay. Parameter: batch size. */
export function outboxClaimSql(schema: string): string {
  return `SELECT id, name, key, payload, correlation_id, occurred_at
    FROM ${quoteSchema(schema)}.outbox
    WHERE published_at IS NULL
    ORDER BY seq
    LIMIT $1
    FOR UPDATE SKIP LOCKED`;
}

export function outboxMarkPublishedSql(schema: string): string {
  return `UPDATE ${quoteSchema(schema)}.outbox SET published_at = now() WHERE id = ANY($1::uuid[])`;
}

/** Published rows are kept a while for inspection, then dropped. Parameter: days. */
export function outboxPruneSql(schema: string): string {
  return `DELETE FROM ${quoteSchema(schema)}.outbox
    WHERE published_at IS NOT NULL AND published_at < now() - make_interval(days => $1)`;
}

export interface ClaimedOutboxRow {
  id: string;
  name: string;
  key: string;
  payload: unknown;
  correlation_id: string | null;
  occurred_at: Date;
}

export function outboxRowToEnvelope(row: ClaimedOutboxRow): EventEnvelope {
  return {
    id: row.id,
    name: row.name,
    key: row.key,
    payload: row.payload,
    occurred_at: row.occurred_at.toISOString(),
    ...(row.correlation_id ? { correlation_id: row.correlation_id } : {}),
  };
}

/**
 * Records an event as processed by a consumer; returns no row when it already
 * was. Parameters: consumer, event id.
 */
export function processedEventInsertSql(schema: string): string {
  return `INSERT INTO ${quoteSchema(schema)}.processed_events (consumer, event_id)
    VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING event_id`;
}

/**
 * Records many events as processed by a consumer in one statement; returns the ids that
 * were new (an id repeated in the list is returned once). Parameters: consumer, event ids.
 */
export function processedEventsInsertManySql(schema: string): string {
  return `INSERT INTO ${quoteSchema(schema)}.processed_events (consumer, event_id)
    SELECT $1, id FROM unnest($2::uuid[]) AS id
    ON CONFLICT DO NOTHING RETURNING event_id`;
}
