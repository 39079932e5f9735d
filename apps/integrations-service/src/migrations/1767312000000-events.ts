import { outboxTablesDdl, outboxTablesDropDdl } from '@meridian/server-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The event tables of the integrations service: the outbox and processed_events (server-kit's one DDL). */
export class Events1767312000000 implements MigrationInterface {
  name = 'Events1767312000000';

  async up(db: QueryRunner): Promise<void> {
    for (const sql of outboxTablesDdl('integrations')) await db.query(sql);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const sql of outboxTablesDropDdl('integrations')) await db.query(sql);
  }
}
