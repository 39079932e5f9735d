import { outboxTablesDdl, outboxTablesDropDdl } from '@meridian/server-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The event tables of the reports service: the outbox and processed_events (server-kit's one DDL). */
export class Events1767312000000 implements MigrationInterface {
  name = 'Events1767312000000';

  async up(db: QueryRunner): Promise<void> {
    for (const sql of outboxTablesDdl('reports')) await db.query(sql);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const sql of outboxTablesDropDdl('reports')) await db.query(sql);
  }
}
