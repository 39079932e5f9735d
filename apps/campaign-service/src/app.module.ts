import type { DynamicModule } from '@nestjs/common';
import {
  cronItem,
  DatabaseModule,
  EventsModule,
  HealthModule,
  JobsModule,
  MailModule,
  ServiceKitModule,
} from '@meridian/server-kit';
import type { Logger } from 'pino';
import type { CampaignConfig } from './config';
import { campaignEntities } from './entities';
import { migrations } from './migrations';
import { EmailSettingsModule } from './modules/settings/email-settings/email-settings.module';
import { UnsubscribeModule } from './modules/delivery/unsubscribe/unsubscribe.module';
import { contactImportCleanupJob } from './modules/contacts/contact-import/contact-import.job';
import { ContactImportModule } from './modules/contacts/contact-import/contact-import.module';
import { PersonalisationModule } from './modules/assets/personalisation/personalisation.module';
import { PersonsModule } from './modules/contacts/persons/persons.module';
import { StaticListsModule } from './modules/contacts/static-lists/static-lists.module';
import { SettingsModule } from './modules/settings/organisation-settings/settings.module';
import { TemplatesModule } from './modules/assets/templates/templates.module';
import { WebhooksModule } from './modules/assets/webhooks/webhooks.module';
import { TokensModule } from './modules/assets/tokens/tokens.module';
import { CampaignsModule } from './modules/campaigns/campaigns/campaigns.module';
import { AudienceModule } from './modules/campaigns/audience/audience.module';
import { DryRunModule } from './modules/campaigns/dry-run/dry-run.module';
import { FlowModule } from './modules/campaigns/flow/flow.module';
import { DemoModule } from './modules/demo/demo.module';

export const SCHEMA = 'campaign';

export function appModule(config: CampaignConfig, logger: Logger): DynamicModule {
  return {
    module: class CampaignAppModule {},
    imports: [
      ServiceKitModule.forRoot({ config, logger }),
      DatabaseModule.forService({
        url: config.DATABASE_URL,
        schema: SCHEMA,
        entities: campaignEntities,
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
        concurrency: 4,
        crontab: [cronItem(contactImportCleanupJob, '17 * * * *')],
      }),
      HealthModule.forService('campaign'),
      MailModule.forRoot(config),
      SettingsModule,
      EmailSettingsModule,
      UnsubscribeModule,
      PersonsModule,
      ContactImportModule,
      StaticListsModule,
      TemplatesModule,
      PersonalisationModule,
      WebhooksModule,
      TokensModule,
      CampaignsModule,
      AudienceModule,
      DryRunModule,
      FlowModule,
      DemoModule,
    ],
  };
}
