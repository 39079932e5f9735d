import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type SessionLock, trySessionLock } from '@meridian/server-kit';
import { DataSource } from 'typeorm';

export type SyncLock = SessionLock;

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
}
