import { Module } from '@nestjs/common';
import { Transactions } from '@meridian/server-kit';
import { SalesforceErrorsRepository } from './salesforce-errors.repository';
import { SalesforceHealthController } from './salesforce-health.controller';
import { SalesforceHealthService } from './salesforce-health.service';
import { SalesforcePersonRecordsRepository } from './salesforce-person-records.repository';
import { SalesforcePersonController } from './salesforce-person.controller';
import { SalesforcePersonService } from './salesforce-person.service';
import { SalesforceResync } from './salesforce-resync';
import { SalesforceResyncRepository } from './salesforce-resync.repository';

/**
 * Salesforce sync health (error classes, affected records, bulk archive and resync) and the contact
 * page's Salesforce sync panel. It reads what the sync engine writes and makes no Salesforce call:
 * a resync only asks for pushes and pulls, which the engine makes under the API budget.
 */
@Module({
  controllers: [SalesforceHealthController, SalesforcePersonController],
  providers: [
    Transactions,
    SalesforceErrorsRepository,
    SalesforcePersonRecordsRepository,
    SalesforceResyncRepository,
    SalesforceResync,
    SalesforceHealthService,
    SalesforcePersonService,
  ],
})
export class SalesforceHealthModule {}
