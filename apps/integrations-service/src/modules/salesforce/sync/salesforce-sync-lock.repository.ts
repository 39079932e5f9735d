import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

export interface SalesforceSyncLock {
  release(): Promise<void>;
}

/**
 * One run per Salesforce connection at a time, across processes: a session advisory lock held
 * for the run. A process that dies loses its database connection and with it the lock.
 */
@Injectable()
export class SalesforceSyncLockRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async tryLock(connectionId: string): Promise<SalesforceSyncLock | null> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    const key = `salesforce-sync:${connectionId}`;
    try {
      const [row] = (await runner.query(`SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked`, [
        key,
      ])) as { locked: boolean }[];
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
          await runner.query(`SELECT pg_advisory_unlock(hashtextextended($1, 0))`, [key]);
        } finally {
          await runner.release();
        }
      },
    };
  }
}
