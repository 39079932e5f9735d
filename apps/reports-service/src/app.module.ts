import type { DynamicModule } from '@nestjs/common';
import {
  DatabaseModule,
  EventsModule,
  HealthModule,
  JobsModule,
  ServiceKitModule,
} from '@meridian/server-kit';
import type { Logger } from 'pino';
import type { ReportsConfig } from './config';
import { migrations } from './migrations';
import { IngestModule } from './modules/ingest/ingest.module';
import { ReportsModule } from './modules/reports/reports.module';

export const SCHEMA = 'reports';

export function appModule(config: ReportsConfig, logger: Logger): DynamicModule {
  return {
    module: class ReportsAppModule {},
    imports: [
      ServiceKitModule.forRoot({ config, logger }),
      DatabaseModule.forService({
        url: config.DATABASE_URL,
        schema: SCHEMA,
        poolSize: config.DATABASE_POOL_SIZE,
        entities: [],
        migrations,
      }),
      EventsModule.forService({
        schema: SCHEMA,
        databaseUrl: config.DATABASE_URL,
        kafkaBrokers: config.KAFKA_BROKERS,
      }),
      JobsModule.forService({ schema: SCHEMA, databaseUrl: config.DATABASE_URL, concurrency: 4 }),
      HealthModule.forService('reports'),
      IngestModule,
      ReportsModule,
    ],
  };
}
