import { Module } from '@nestjs/common';
import { Transactions } from '@meridian/server-kit';
import { CrmPushPublisher } from '../connection/crm-push-publisher';
import { SalesforceConnectionModule } from '../connection/salesforce-connection.module';
import { CRM_PUSH_NOTIFIER } from './crm-push-notifier';
import { CrmSourcesRepository } from './crm-sources.repository';
import { PersonFieldCreator } from './person-field-creator.service';
import { PersonFieldsClient } from './person-fields.client';
import { PersonMappingsRepository } from './person-mappings.repository';
import { UnifiedMappingController } from './unified-mapping.controller';
import { UnifiedMappingService } from './unified-mapping.service';

/**
 * The unified person mapping (/unified-mapping/*) and the Salesforce setup's completion. Person
 * fields come from the campaign service over HTTP; CRM fields from the stored describe.
 */
@Module({
  imports: [SalesforceConnectionModule],
  controllers: [UnifiedMappingController],
  providers: [
    Transactions,
    PersonFieldsClient,
    CrmSourcesRepository,
    PersonMappingsRepository,
    UnifiedMappingService,
    PersonFieldCreator,
    { provide: CRM_PUSH_NOTIFIER, useExisting: CrmPushPublisher },
  ],
  exports: [PersonMappingsRepository],
})
export class UnifiedMappingModule {}
