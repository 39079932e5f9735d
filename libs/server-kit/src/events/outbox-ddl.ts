import { quoteSchema } from './outbox-sql';

/**
 * The DDL of a service's event tables, in order. `outbox`: events written in the same
 * transaction as the change they describe, until the relay hands them to the
 * transport (`seq` keeps their order; the partial index finds the unpublished ones;
 * the relay prunes published rows by `published_at`). `processed_events`: which event
 * each consumer has applied, so a redelivered event has its effect once.
 *
 * Landed migrations run this: it must keep producing exactly the schema it produced
 * when they landed (outbox-ddl.int-spec.ts holds it to that). A change is a new
 * migration, not an edit here.
 */
export function outboxTablesDdl(schema: string): string[] {
  const s = quoteSchema(schema);
  return [
    `CREATE TABLE ${s}.outbox (
       id uuid PRIMARY KEY,
       seq bigint GENERATED ALWAYS AS IDENTITY,
       name text NOT NULL,
       key text NOT NULL,
       payload jsonb NOT NULL,
       correlation_id text,
       occurred_at timestamptz NOT NULL DEFAULT now(),
       published_at timestamptz
     )`,
    `CREATE INDEX outbox_unpublished_idx ON ${s}.outbox (seq) WHERE published_at IS NULL`,
    `CREATE INDEX outbox_published_at_idx ON ${s}.outbox (published_at) WHERE published_at IS NOT NULL`,
    `CREATE TABLE ${s}.processed_events (
       consumer text NOT NULL,
       event_id uuid NOT NULL,
       processed_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (consumer, event_id)
     )`,
  ];
}

/** Undoes `outboxTablesDdl` (a migration's `down`). */
export function outboxTablesDropDdl(schema: string): string[] {
  const s = quoteSchema(schema);
  return [`DROP TABLE ${s}.processed_events`, `DROP TABLE ${s}.outbox`];
}
