import { Module } from '@nestjs/common';
import { Transactions } from '@meridian/server-kit';
import { PersonsModule } from '../persons/persons.module';
import { CrmChangesService } from './crm-changes.service';
import { CrmExportPublisher } from './crm-export-publisher';
import { CrmExportRepository } from './crm-export.repository';
import { CrmExportService } from './crm-export.service';
import { CrmFeedConsumer } from './crm-feed.consumer';
import { CrmFeedExportProcessor, CrmFeedTickProcessor } from './crm-feed.processors';
import { CrmFeedRepository } from './crm-feed.repository';
import { CrmFeedService } from './crm-feed.service';

/**
 * The campaign side of the CRM push: the feeds the integrations service configures, the minute's
 * export of changed persons, and the exports a flow step or a resync asks for (CrmExportService,
 * which the campaign engine uses).
 */
@Module({
  imports: [PersonsModule],
  providers: [
    Transactions,
    CrmFeedRepository,
    CrmExportRepository,
    CrmExportPublisher,
    CrmFeedService,
    CrmChangesService,
    CrmExportService,
    CrmFeedConsumer,
    CrmFeedTickProcessor,
    CrmFeedExportProcessor,
  ],
  exports: [CrmExportService],
})
export class CrmFeedModule {}
