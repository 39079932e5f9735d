import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Segment ingest: the write keys it accepts (hashes, from auth's apiKeyIssued events), the inbox
 * that every accepted request is COPYed into before it is answered, refused calls, the user ids'
 * emails from identify calls, and the
 * per-15-minute counts the events/errors reports read (15 minutes so that any time zone offset
 * lands on whole buckets).
 */
export class Segment1771200000000 implements MigrationInterface {
  name = 'Segment1771200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE integrations.segment_write_keys (
        key_hash text PRIMARY KEY,
        key_id uuid NOT NULL UNIQUE,
        organisation_id uuid NOT NULL,
        time_created timestamptz NOT NULL DEFAULT now(),
        retired_at timestamptz
      )`);
    await db.query(`
      CREATE TABLE integrations.segment_inbox (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        organisation_id uuid NOT NULL,
        received_at timestamptz NOT NULL,
        payload text NOT NULL
      )`);
    await db.query(`
      CREATE TABLE integrations.segment_errors (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organisation_id uuid NOT NULL,
        exception text NOT NULL,
        description text NOT NULL,
        event_type text,
        message_id text,
        payload_excerpt text NOT NULL,
        time_created timestamptz NOT NULL
      )`);
    await db.query(
      `CREATE INDEX segment_errors_org_time_idx ON integrations.segment_errors (organisation_id, time_created DESC)`,
    );
    // The email each user id last identified with: track calls that carry only a user id reach
    // the person through it.
    await db.query(`
      CREATE TABLE integrations.segment_identities (
        organisation_id uuid NOT NULL,
        user_id text NOT NULL,
        email text NOT NULL,
        time_updated timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (organisation_id, user_id)
      )`);
    await db.query(`
      CREATE TABLE integrations.segment_counts (
        organisation_id uuid NOT NULL,
        kind text NOT NULL CHECK (kind IN ('event', 'error')),
        bucket timestamptz NOT NULL,
        count bigint NOT NULL,
        PRIMARY KEY (organisation_id, kind, bucket)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of [
      'segment_counts',
      'segment_identities',
      'segment_errors',
      'segment_inbox',
      'segment_write_keys',
    ]) {
      await db.query(`DROP TABLE integrations.${table}`);
    }
  }
}
