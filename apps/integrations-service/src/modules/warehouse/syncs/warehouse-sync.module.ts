import { Module } from '@nestjs/common';
import { Transactions } from '@meridian/server-kit';
import { PersonFieldsClient } from '../../salesforce/mapping/person-fields.client';
import { ConnectionsModule } from '../connections/connections.module';
import { ActivityLogsRepository } from './activity-logs.repository';
import { ContentHashScanner } from './content-hash-scanner';
import { HashRangesRepository } from './hash-ranges.repository';
import { SyncAppliedConsumer } from './sync-applied.consumer';
import { SyncFactsSource } from './sync-facts.source';
import { SyncLockRepository } from './sync-lock.repository';
import { SyncRunner } from './sync-runner';
import { SyncRunsRepository } from './sync-runs.repository';
import { SyncTickProcessor } from './sync-tick.processor';
import { WarehouseSyncController } from './warehouse-sync.controller';
import { WarehouseSyncService } from './warehouse-sync.service';
import { WarehouseSyncsRepository } from './warehouse-syncs.repository';

/**
 * Warehouse syncs: their setup, the runs on the job queue's schedule (read through the
 * connections' WarehouseSessions, published as contactsSynced batches), their counts from the
 * campaign service's answers, and the activity log.
 */
@Module({
  imports: [ConnectionsModule],
  controllers: [WarehouseSyncController],
  providers: [
    Transactions,
    WarehouseSyncsRepository,
    SyncRunsRepository,
    ActivityLogsRepository,
    SyncLockRepository,
    WarehouseSyncService,
    SyncRunner,
    SyncTickProcessor,
    SyncAppliedConsumer,
    SyncFactsSource,
    HashRangesRepository,
    ContentHashScanner,
    PersonFieldsClient,
  ],
})
export class WarehouseSyncModule {}
