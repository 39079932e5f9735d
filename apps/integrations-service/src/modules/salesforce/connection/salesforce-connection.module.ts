import { Module } from '@nestjs/common';
import { Transactions } from '@meridian/server-kit';
import { ConnectionsModule } from '../../warehouse/connections/connections.module';
import { SalesforceSessionModule } from '../session/salesforce-session.module';
import { CrmPushPublisher } from './crm-push-publisher';
import { InclusionListsClient } from './inclusion-lists.client';
import { PersonMappingSourcesRepository } from './person-mapping-sources.repository';
import { SalesforceConnectionController } from './salesforce-connection.controller';
import { SalesforceConnectionService } from './salesforce-connection.service';
import { SalesforceConnectionsRepository } from './salesforce-connections.repository';
import { SalesforceDescriber } from './salesforce-describer';
import { SalesforceOAuthService } from './salesforce-oauth.service';
import { SalesforceSettingsController } from './salesforce-settings.controller';
import { SalesforceSettingsService } from './salesforce-settings.service';
import { SalesforceUnifiedRows } from './salesforce-unified-rows';

/**
 * The Salesforce connection: creation, the OAuth login, describes and permissions, settings, the
 * sync switch and usage. Exports CrmPushPublisher (a saved mapping tells the push feed too) and
 * the describer (the sync and the mapping re-read fields through it).
 */
@Module({
  imports: [ConnectionsModule, SalesforceSessionModule],
  controllers: [SalesforceConnectionController, SalesforceSettingsController],
  providers: [
    Transactions,
    SalesforceConnectionsRepository,
    PersonMappingSourcesRepository,
    SalesforceConnectionService,
    SalesforceOAuthService,
    SalesforceSettingsService,
    SalesforceDescriber,
    CrmPushPublisher,
    SalesforceUnifiedRows,
    InclusionListsClient,
  ],
  exports: [CrmPushPublisher, SalesforceDescriber, SalesforceConnectionsRepository],
})
export class SalesforceConnectionModule {}
