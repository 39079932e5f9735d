import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type SessionLock, trySessionLock } from '@meridian/server-kit';
import { DataSource } from 'typeorm';

export type SalesforceSyncLock = SessionLock;

/**
 * One run per Salesforce connection at a time, across processes: a session advisory lock held
 * for the run. A process that dies loses its database connection and with it the lock.
 */
@Injectable()
export class SalesforceSyncLockRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  tryLock(connectionId: string): Promise<SalesforceSyncLock | null> {
    return trySessionLock(this.dataSource, `salesforce-sync:${connectionId}`);
  }
}
