import { Module } from '@nestjs/common';
import { ConnectionsModule } from '../../warehouse/connections/connections.module';
import { SalesforceApiBudget } from './salesforce-api-budget';
import { SalesforceApiUsageRepository } from './salesforce-api-usage.repository';
import { SalesforceSessions } from './salesforce-sessions';
import { SalesforceTokensRepository } from './salesforce-tokens.repository';

/** The seam every Salesforce module goes through: sessions (stored, refreshed logins) and the API budget. */
@Module({
  imports: [ConnectionsModule],
  providers: [
    SalesforceSessions,
    SalesforceTokensRepository,
    SalesforceApiBudget,
    SalesforceApiUsageRepository,
  ],
  exports: [SalesforceSessions, SalesforceApiBudget],
})
export class SalesforceSessionModule {}
