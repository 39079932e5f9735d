import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { queueSchemaName, type SessionLock, trySessionLock } from '@meridian/server-kit';
import { DataSource } from 'typeorm';

export type SyncLock = SessionLock;

/** This service's job queue, whose waiting sync jobs decide the organisations' turns. */
const QUEUE = queueSchemaName('integrations');

/**
 * One run of a sync at a time, across processes: a session advisory lock on a connection held for
 * the run. A process that dies loses its connection, and with it the lock, so the next run goes on.
 */
@Injectable()
export class SyncLockRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  tryLock(syncId: string): Promise<SyncLock | null> {
    return trySessionLock(this.dataSource, `warehouse-sync:${syncId}`);
  }

  /**
   * Whether an organisation's sync run may take its turn now: not while another organisation has a
   * job of `tasks` ready and waiting and had its last turn before this one did (or never had one).
   * Taking it records the turn. So job slots go round the organisations in turn, however many
   * syncs each has, and an organisation alone on the queue never steps back.
   */
  async takeTurn(organisationId: string, tasks: readonly string[]): Promise<boolean> {
    const [row] = (await this.dataSource.query(
      `WITH mine AS (
         SELECT coalesce(max(turn_at), '-infinity') AS turn_at
           FROM integrations.organisation_sync_turns WHERE organisation_id = $1),
       waiting AS (
         SELECT DISTINCT j.payload -> 'data' ->> 'organisationId' AS organisation_id
           FROM ${QUEUE}._private_jobs j JOIN ${QUEUE}._private_tasks k ON k.id = j.task_id
          WHERE k.identifier = ANY($2::text[]) AND j.is_available AND j.run_at <= now()
            AND j.payload -> 'data' ->> 'organisationId' <> $1::text),
       ahead AS (
         SELECT 1 FROM waiting w
           LEFT JOIN integrations.organisation_sync_turns t ON t.organisation_id::text = w.organisation_id
          WHERE coalesce(t.turn_at, '-infinity') < (SELECT turn_at FROM mine)
          LIMIT 1),
       taken AS (
         -- Runs whether or not it is read: a data-modifying WITH always does.
         INSERT INTO integrations.organisation_sync_turns (organisation_id, turn_at)
         SELECT $1, clock_timestamp() WHERE NOT EXISTS (SELECT 1 FROM ahead)
         ON CONFLICT (organisation_id) DO UPDATE SET turn_at = excluded.turn_at
         RETURNING 1)
       SELECT NOT EXISTS (SELECT 1 FROM ahead) AS go`,
      [organisationId, tasks],
    )) as { go: boolean }[];
    return row?.go ?? true;
  }
}
