import { Global, Module, type OnApplicationShutdown, Inject } from '@nestjs/common';
import { CONFIG, MAIL_PORT, type MailPort, Transactions } from '@meridian/server-kit';
import type { CampaignConfig } from '../../../config';
import { PersonalisationModule } from '../../assets/personalisation';
import { GLOBAL_EMAIL_SETTINGS } from '../../assets/templates/template-test-send.service';
import { CAMPAIGN_MAILER } from '../../campaigns/journey/campaign-mailer.port';
import { EmailSettingsModule } from '../../settings/email-settings/email-settings.module';
import { EmailSettingsService } from '../../settings/email-settings/email-settings.service';
import { CampaignMailPreparer } from './campaign-mail-preparer';
import { CampaignMailerService } from './campaign-mailer.service';
import { CAMPAIGN_TRANSPORT, type CampaignTransport } from './campaign-transport';
import { SendRateLimiter } from './send-rate-limiter';
import { SendRateRepository } from './send-rate.repository';
import { SendRecorder } from './send-recorder';
import { SendingRepository } from './sending.repository';
import { SesCampaignTransport } from './ses-campaign.transport';
import { SmtpCampaignTransport } from './smtp-campaign.transport';

/** The transport MAIL_TRANSPORT names: one SMTP pool per process, or SES through the mail adapter. */
export function campaignTransport(config: CampaignConfig, port: MailPort): CampaignTransport {
  return config.MAIL_TRANSPORT === 'ses'
    ? new SesCampaignTransport(port, config.SES_MESSAGE_FORMAT)
    : new SmtpCampaignTransport({
        url: config.SMTP_URL,
        ...(config.SMTP_USER ? { user: config.SMTP_USER } : {}),
        ...(config.SMTP_PASSWORD ? { password: config.SMTP_PASSWORD } : {}),
        connections: config.SEND_SMTP_CONNECTIONS,
      });
}

/**
 * Campaign sending: the CAMPAIGN_MAILER the engine's send steps call (render, track, send at the
 * organisation's rate, record). Import it where the journey runs.
 */
// Global: the engine's send steps reach CAMPAIGN_MAILER without importing sending. A test binds
// its own mailer with a global module imported ahead of the app (campaign-test-app), which wins.
@Global()
@Module({
  imports: [PersonalisationModule, EmailSettingsModule],
  providers: [
    SendingRepository,
    SendRateRepository,
    SendRateLimiter,
    CampaignMailPreparer,
    SendRecorder,
    CampaignMailerService,
    Transactions,
    { provide: GLOBAL_EMAIL_SETTINGS, useExisting: EmailSettingsService },
    { provide: CAMPAIGN_TRANSPORT, inject: [CONFIG, MAIL_PORT], useFactory: campaignTransport },
    { provide: CAMPAIGN_MAILER, useExisting: CampaignMailerService },
  ],
  exports: [CAMPAIGN_MAILER, CampaignMailerService],
})
export class DeliveryModule implements OnApplicationShutdown {
  constructor(@Inject(CAMPAIGN_TRANSPORT) private readonly transport: CampaignTransport) {}

  async onApplicationShutdown(): Promise<void> {
    // Kept-open SMTP connections would hold the process.
    await this.transport.close();
  }
}
