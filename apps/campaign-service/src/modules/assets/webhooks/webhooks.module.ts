import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import {
  CONFIG,
  credentialKeysSchema,
  CredentialsCipher,
  LOCAL_DEFAULT_KEYS,
  OutboundHttpClient,
} from '@meridian/server-kit';
import type { CampaignConfig } from '../../../config';
import { PersonalisationModule } from '../personalisation';
import { WebhookEntity } from './webhook.entity';
import { WebhookPreviewService } from './webhook-preview.service';
import { WebhooksController } from './webhooks.controller';
import { WebhooksRepository } from './webhooks.repository';
import { WebhooksService } from './webhooks.service';

/** Webhooks: outbound HTTP calls a campaign step makes, their editor and its live preview. */
@Module({
  imports: [TypeOrmModule.forFeature([WebhookEntity]), PersonalisationModule],
  controllers: [WebhooksController],
  providers: [
    WebhooksRepository,
    WebhooksService,
    WebhookPreviewService,
    {
      // Every call to a user-given URL goes through this one client (and its operator allow-list).
      provide: OutboundHttpClient,
      inject: [CONFIG],
      useFactory: (config: CampaignConfig) =>
        new OutboundHttpClient({ allowedHosts: config.OUTBOUND_ALLOWED_HOSTS }),
    },
    {
      // Seals the headers at rest (local mode's public key unless keys are set; production needs them).
      provide: CredentialsCipher,
      inject: [CONFIG],
      useFactory: (config: CampaignConfig) =>
        new CredentialsCipher(
          config.CREDENTIALS_ENCRYPTION_KEYS ?? credentialKeysSchema.parse(LOCAL_DEFAULT_KEYS),
        ),
    },
  ],
  exports: [WebhooksService, OutboundHttpClient, CredentialsCipher],
})
export class WebhooksModule {}
