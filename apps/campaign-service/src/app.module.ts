import type { DynamicModule } from '@nestjs/common';
import { cronItem, DatabaseModule, EventsModule, HealthModule, JobsModule, ServiceKitModule } from '@meridian/server-kit';
import type { Logger } from 'pino';
import type { CampaignConfig } from './config';
import { campaignEntities } from './entities';
import { migrations } from './migrations';
import { contactImportCleanupJob } from './modules/contact-import/contact-import.job';
import { ContactImportModule } from './modules/contact-import/contact-import.module';
import { PersonsModule } from './modules/persons/persons.module';
import { StaticListsModule } from './modules/static-lists/static-lists.module';
import { SettingsModule } from './modules/settings/settings.module';

export const SCHEMA = 'campaign';

export function appModule(config: CampaignConfig, logger: Logger): DynamicModule {
  return {
    module: class CampaignAppModule {},
    imports: [
      ServiceKitModule.forRoot({ config, logger }),
      DatabaseModule.forService({ url: config.DATABASE_URL, schema: SCHEMA, entities: campaignEntities, migrations }),
      EventsModule.forService({
        schema: SCHEMA,
        databaseUrl: config.DATABASE_URL,
        kafkaBrokers: config.KAFKA_BROKERS,
      }),
      JobsModule.forService({
        schema: SCHEMA,
        databaseUrl: config.DATABASE_URL,
        concurrency: 4,
        crontab: [cronItem(contactImportCleanupJob, '17 * * * *')],
      }),
      HealthModule.forService('campaign'),
      SettingsModule,
      PersonsModule,
      ContactImportModule,
      StaticListsModule,
    ],
  };
}
