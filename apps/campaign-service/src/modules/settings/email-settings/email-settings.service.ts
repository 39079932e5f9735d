import { Inject, Injectable } from '@nestjs/common';
import type {
  GlobalEmailSetting,
  ResponseOf,
  SenderDomain,
  senderDomainListContract,
} from '@meridian/contracts';
import { CONFIG } from '@meridian/server-kit';
import type { CampaignConfig } from '../../../config';
import type { EmailSettingEntity, SenderDomainEntity } from './email-settings.entity';
import { EmailSettingsError } from './email-settings.errors';
import { EmailSettingsRepository } from './email-settings.repository';
import { SenderDomainsRepository } from './sender-domains.repository';

export type EmailSettingView = NonNullable<GlobalEmailSetting>;

const view = (row: EmailSettingEntity): EmailSettingView => ({
  from_email: { name: row.from_name, email: row.from_email },
  reply_to: row.reply_to,
});

const domainView = (row: SenderDomainEntity): SenderDomain => ({
  domain: row.domain,
  active: row.active,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

/** The part after the last '@', which is what a sender domain is matched against. */
export const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** The global email configuration (sender name, from email, reply-to) and the sender domains it may use. */
@Injectable()
export class EmailSettingsService {
  constructor(
    private readonly settings: EmailSettingsRepository,
    private readonly domains: SenderDomainsRepository,
    @Inject(CONFIG) private readonly config: CampaignConfig,
  ) {}

  async get(organisationId: string): Promise<EmailSettingView | null> {
    const row = await this.settings.findSetting(organisationId);
    return row ? view(row) : null;
  }

  async create(organisationId: string, input: GlobalEmailSetting): Promise<EmailSettingView> {
    await this.requireActiveDomain(organisationId, input.from_email.email);
    const row = await this.settings.createSetting(organisationId, this.values(input));
    if (!row) throw new EmailSettingsError('EmailSettingExistsException');
    return view(row);
  }

  async update(organisationId: string, input: GlobalEmailSetting): Promise<EmailSettingView> {
    await this.requireActiveDomain(organisationId, input.from_email.email);
    const row = await this.settings.updateSetting(organisationId, this.values(input));
    if (!row) throw new EmailSettingsError('EmailSettingNotFoundException');
    return view(row);
  }

  async senderDomains(
    organisationId: string,
    active?: boolean,
  ): Promise<ResponseOf<typeof senderDomainListContract>['domain']> {
    await this.provisionDemoDomain(organisationId);
    return (await this.domains.list(organisationId, active)).map(domainView);
  }

  private values(input: GlobalEmailSetting) {
    return { from_name: input.from_email.name, from_email: input.from_email.email, reply_to: input.reply_to };
  }

  private async requireActiveDomain(organisationId: string, email: string): Promise<void> {
    await this.provisionDemoDomain(organisationId);
    if (!(await this.domains.isActive(organisationId, domainOf(email)))) {
      throw new EmailSettingsError('InactiveSenderDomainException');
    }
  }

  /** Local mode: mail goes to the capture, so every organisation may send from the demo domain. */
  private async provisionDemoDomain(organisationId: string): Promise<void> {
    if (this.config.MERIDIAN_MODE === 'local') {
      await this.domains.ensureActive(organisationId, this.config.DEMO_SENDER_DOMAIN);
    }
  }
}
