import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The event tables of the reports service. `outbox`: events written in the same
 * transaction as the change they describe, until the relay hands them to the
 * transport (`seq` keeps their order; the partial index finds the unpublished
 * ones). `processed_events`: which event each consumer has applied, so a
 * redelivered event has its effect once.
 */
export class Events1767312000000 implements MigrationInterface {
  name = 'Events1767312000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE reports.outbox (
        id uuid PRIMARY KEY,
        seq bigint GENERATED ALWAYS AS IDENTITY,
        name text NOT NULL,
        key text NOT NULL,
        payload jsonb NOT NULL,
        correlation_id text,
        occurred_at timestamptz NOT NULL DEFAULT now(),
        published_at timestamptz
      )`);
    await db.query(`CREATE INDEX outbox_unpublished_idx ON reports.outbox (seq) WHERE published_at IS NULL`);
    // Published rows are pruned after a few days by the relay.
    await db.query(
      `CREATE INDEX outbox_published_at_idx ON reports.outbox (published_at) WHERE published_at IS NOT NULL`,
    );

    await db.query(`
      CREATE TABLE reports.processed_events (
        consumer text NOT NULL,
        event_id uuid NOT NULL,
        processed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (consumer, event_id)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE reports.processed_events`);
    await db.query(`DROP TABLE reports.outbox`);
  }
}
