import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

export interface SyncLock {
  release(): Promise<void>;
}

/**
 * One run of a sync at a time, across processes: a session advisory lock on a connection held for
 * the run. A process that dies loses its connection, and with it the lock, so the next run goes on.
 */
@Injectable()
export class SyncLockRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async tryLock(syncId: string): Promise<SyncLock | null> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      const [row] = (await runner.query(
        `SELECT pg_try_advisory_lock(hashtextextended('warehouse-sync:' || $1, 0)) AS locked`,
        [syncId],
      )) as { locked: boolean }[];
      if (!row?.locked) {
        await runner.release();
        return null;
      }
    } catch (error) {
      await runner.release();
      throw error;
    }
    return {
      release: async () => {
        try {
          await runner.query(`SELECT pg_advisory_unlock(hashtextextended('warehouse-sync:' || $1, 0))`, [
            syncId,
          ]);
        } finally {
          await runner.release();
        }
      },
    };
  }
}
