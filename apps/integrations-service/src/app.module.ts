import type { DynamicModule } from '@nestjs/common';
import {
  cronItem,
  DatabaseModule,
  EventsModule,
  HealthModule,
  JobsModule,
  ServiceKitModule,
} from '@meridian/server-kit';
import type { Logger } from 'pino';
import type { IntegrationsConfig } from './config';
import { integrationsEntities } from './entities';
import { migrations } from './migrations';
import { ConnectionsModule } from './modules/warehouse/connections/connections.module';
import { WarehouseSyncModule } from './modules/warehouse/syncs/warehouse-sync.module';
import { warehouseSyncTickJob } from './modules/warehouse/syncs/sync.jobs';
import { SegmentModule } from './modules/segment/segment.module';
import { SalesforceConnectionModule } from './modules/salesforce/connection/salesforce-connection.module';
import { SalesforceHealthModule } from './modules/salesforce/health/salesforce-health.module';
import { SalesforceSyncModule } from './modules/salesforce/sync/salesforce-sync.module';
import { salesforceSyncTickJob } from './modules/salesforce/sync/salesforce-sync.jobs';
import { UnifiedMappingModule } from './modules/salesforce/mapping/unified-mapping.module';

export const SCHEMA = 'integrations';

export function appModule(config: IntegrationsConfig, logger: Logger): DynamicModule {
  return {
    module: class IntegrationsAppModule {},
    imports: [
      ServiceKitModule.forRoot({ config, logger }),
      DatabaseModule.forService({
        url: config.DATABASE_URL,
        schema: SCHEMA,
        poolSize: config.DATABASE_POOL_SIZE,
        entities: integrationsEntities,
        migrations,
      }),
      EventsModule.forService({
        schema: SCHEMA,
        databaseUrl: config.DATABASE_URL,
        kafkaBrokers: config.KAFKA_BROKERS,
      }),
      JobsModule.forService({
        schema: SCHEMA,
        databaseUrl: config.DATABASE_URL,
        concurrency: config.JOB_CONCURRENCY,
        crontab: [
          cronItem(warehouseSyncTickJob, '* * * * *', { payload: {} }),
          cronItem(salesforceSyncTickJob, '* * * * *', { payload: {} }),
        ],
      }),
      HealthModule.forService('integrations'),
      ConnectionsModule,
      WarehouseSyncModule,
      SegmentModule,
      SalesforceConnectionModule,
      SalesforceHealthModule,
      SalesforceSyncModule,
      UnifiedMappingModule,
    ],
  };
}
