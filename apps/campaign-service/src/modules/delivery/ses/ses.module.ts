import { readFileSync } from 'node:fs';
import { Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { sesNotificationContract } from '@meridian/contracts';
import { CONFIG, OutboundHttpClient, Transactions } from '@meridian/server-kit';
import type { FastifyInstance } from 'fastify';
import type { CampaignConfig } from '../../../config';
import { SesNotificationsRepository } from './ses-notifications.repository';
import { SesNotificationsService } from './ses-notifications.service';
import { SesWebhookController } from './ses-webhook.controller';
import { SnsClient } from './sns-client';

/** Largest SNS message accepted (SNS messages are at most 256 KB). */
const SNS_BODY_LIMIT = 300 * 1024;

/** SES delivery, bounce and complaint notifications, posted by Amazon SNS. */
@Module({
  controllers: [SesWebhookController],
  providers: [
    SesNotificationsService,
    SesNotificationsRepository,
    SnsClient,
    Transactions,
    {
      // Its own client: the SNS fetches may trust a private CA that webhooks must not.
      provide: OutboundHttpClient,
      inject: [CONFIG],
      useFactory: (config: CampaignConfig) =>
        new OutboundHttpClient({
          allowedHosts: config.OUTBOUND_ALLOWED_HOSTS,
          ...(config.SNS_EXTRA_CA_FILE ? { extraCa: [readFileSync(config.SNS_EXTRA_CA_FILE, 'utf8')] } : {}),
        }),
    },
  ],
})
export class SesModule implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  /**
   * SNS posts JSON as text/plain, a type the services otherwise refuse: read it as JSON on the
   * SNS route only, 415 everywhere else as before.
   */
  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    fastify.addContentTypeParser(
      'text/plain',
      { parseAs: 'string', bodyLimit: SNS_BODY_LIMIT },
      (request, body, done) => {
        if (request.url.split('?')[0] !== sesNotificationContract.fullPath) {
          const error = Object.assign(new Error(`Unsupported Media Type: text/plain`), {
            statusCode: 415,
            code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE',
          });
          return done(error, undefined);
        }
        try {
          done(null, JSON.parse(body as string) as unknown);
        } catch {
          const error = Object.assign(new Error('Body is not valid JSON'), {
            statusCode: 400,
            code: 'FST_ERR_CTP_INVALID_JSON_BODY',
          });
          done(error, undefined);
        }
      },
    );
  }
}
