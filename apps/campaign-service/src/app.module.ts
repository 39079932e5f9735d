import type { DynamicModule } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
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
import { TrackingModule } from './modules/delivery/tracking/tracking.module';
import {
  contactImportCleanupJob,
  contactImportResumeJob,
} from './modules/contacts/contact-import/contact-import.job';
import { ContactImportModule } from './modules/contacts/contact-import/contact-import.module';
import { PersonalisationModule } from './modules/assets/personalisation/personalisation.module';
import { PersonsModule } from './modules/contacts/persons/persons.module';
import { InboundSyncModule } from './modules/contacts/inbound/inbound-sync.module';
import { StaticListsModule } from './modules/contacts/static-lists/static-lists.module';
import { SettingsModule } from './modules/settings/organisation-settings/settings.module';
import { TemplatesModule } from './modules/assets/templates/templates.module';
import { WebhooksModule } from './modules/assets/webhooks/webhooks.module';
import { TokensModule } from './modules/assets/tokens/tokens.module';
import { CampaignsModule } from './modules/campaigns/campaigns/campaigns.module';
import { AudienceModule } from './modules/campaigns/audience/audience.module';
import { DryRunModule } from './modules/campaigns/dry-run/dry-run.module';
import { FlowModule } from './modules/campaigns/flow/flow.module';
import { EngineModule } from './modules/campaigns/engine/engine.module';
import { scheduleTickJob, wakeDueJob } from './modules/campaigns/engine/engine.jobs';
import { WorkerRoleGuard } from './service-role.guard';
import { DeliveryModule } from './modules/delivery/sending/delivery.module';
import { SesModule } from './modules/delivery/ses/ses.module';
import { DemoModule } from './modules/demo/demo.module';
import { CrmFeedModule } from './modules/contacts/crm-feed/crm-feed.module';
import { crmFeedTickJob } from './modules/contacts/crm-feed/crm-feed.jobs';

export const SCHEMA = 'campaign';

export function appModule(config: CampaignConfig, logger: Logger): DynamicModule {
  return {
    module: class CampaignAppModule {},
    imports: [
      ServiceKitModule.forRoot({ config, logger }),
      DatabaseModule.forService({
        url: config.DATABASE_URL,
        schema: SCHEMA,
        poolSize: config.DATABASE_POOL_SIZE,
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
        concurrency: config.JOB_CONCURRENCY,
        // SERVICE_ROLE http: this replica enqueues only; the worker replicas run the jobs.
        worker: config.SERVICE_ROLE !== 'http',
        crontab: [
          cronItem(contactImportCleanupJob, '17 * * * *'),
          cronItem(contactImportResumeJob, '* * * * *', { payload: {} }),
          cronItem(scheduleTickJob, '* * * * *', { payload: {} }),
          cronItem(wakeDueJob, '* * * * *', { payload: {} }),
          cronItem(crmFeedTickJob, '* * * * *', { payload: {} }),
        ],
      }),
      HealthModule.forService('campaign'),
      MailModule.forRoot(config),
      SettingsModule,
      EmailSettingsModule,
      UnsubscribeModule,
      TrackingModule,
      PersonsModule,
      ContactImportModule,
      InboundSyncModule,
      StaticListsModule,
      TemplatesModule,
      PersonalisationModule,
      WebhooksModule,
      TokensModule,
      CampaignsModule,
      AudienceModule,
      DryRunModule,
      FlowModule,
      EngineModule,
      DeliveryModule,
      SesModule,
      DemoModule,
      CrmFeedModule,
    ],
    providers: config.SERVICE_ROLE === 'worker' ? [{ provide: APP_GUARD, useClass: WorkerRoleGuard }] : [],
  };
}
