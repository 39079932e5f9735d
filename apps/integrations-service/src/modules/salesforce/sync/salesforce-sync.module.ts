import { Module } from '@nestjs/common';
import { Transactions } from '@meridian/server-kit';
import { SalesforceSessionModule } from '../session/salesforce-session.module';
import { SalesforceBulkReader } from './salesforce-bulk-reader';
import { SalesforceBulkWriter } from './salesforce-bulk-writer';
import { SalesforceDeletedReader } from './salesforce-deleted-reader';
import { SalesforceDeleteQueueRepository } from './salesforce-delete-queue.repository';
import { SalesforceDeleter } from './salesforce-deleter';
import { SalesforcePuller } from './salesforce-puller';
import { SalesforcePushQueueRepository } from './salesforce-push-queue.repository';
import { SalesforcePusher } from './salesforce-pusher';
import { SalesforceRecordsRepository } from './salesforce-records.repository';
import { SalesforceSyncConsumers } from './salesforce-sync.consumers';
import { SalesforceSyncController } from './salesforce-sync.controller';
import { SalesforceSyncHistoryRepository } from './salesforce-sync-history.repository';
import { SalesforceSyncLockRepository } from './salesforce-sync-lock.repository';
import { SalesforceSyncRepository } from './salesforce-sync.repository';
import { SalesforceSyncRunner } from './salesforce-sync-runner';
import { SalesforceSyncTickProcessor } from './salesforce-sync-tick.processor';

/**
 * The Salesforce sync engine: runs on the job queue's schedule (pull by cursors, push from the
 * queue the campaign service fills), every call from the one API budget; the history tab's reads.
 */
@Module({
  imports: [SalesforceSessionModule],
  controllers: [SalesforceSyncController],
  providers: [
    Transactions,
    SalesforceSyncRepository,
    SalesforceRecordsRepository,
    SalesforcePushQueueRepository,
    SalesforceSyncHistoryRepository,
    SalesforceSyncLockRepository,
    SalesforceBulkReader,
    SalesforceBulkWriter,
    SalesforcePuller,
    SalesforcePusher,
    SalesforceDeleteQueueRepository,
    SalesforceDeletedReader,
    SalesforceDeleter,
    SalesforceSyncRunner,
    SalesforceSyncTickProcessor,
    SalesforceSyncConsumers,
  ],
})
export class SalesforceSyncModule {}
