import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PersonsModule } from '../persons/persons.module';
import { ContactsSyncedConsumer } from './contacts-synced.consumer';
import { InboundStagingRepository } from './inbound-staging.repository';
import { InboundSyncBatchEntity } from './inbound-sync-batch.entity';
import { InboundSyncService } from './inbound-sync.service';

/** Contacts that come in from the integrations service (warehouse syncs, Segment), landed through the bulk write path. */
@Module({
  imports: [TypeOrmModule.forFeature([InboundSyncBatchEntity]), PersonsModule],
  providers: [InboundStagingRepository, InboundSyncService, ContactsSyncedConsumer],
})
export class InboundSyncModule {}
