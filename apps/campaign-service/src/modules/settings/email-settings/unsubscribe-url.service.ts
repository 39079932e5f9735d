import { Inject, Injectable } from '@nestjs/common';
import type { UnsubUrl, UnsubUrlRequest } from '@meridian/contracts';
import { CONFIG } from '@meridian/server-kit';
import type { CampaignConfig } from '../../../config';
import type { UnsubscribeUrlEntity } from './email-settings.entity';
import { EmailSettingsError } from './email-settings.errors';
import { EmailSettingsRepository } from './email-settings.repository';

const view = (row: UnsubscribeUrlEntity): UnsubUrl => ({
  url: row.url,
  customUrl: row.custom_url,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

const values = (input: UnsubUrlRequest) => ({ url: input.url, custom_url: input.customUrl });

/** The opt-out page setting: where a person lands after unsubscribing. */
@Injectable()
export class UnsubscribeUrlService {
  constructor(
    private readonly settings: EmailSettingsRepository,
    @Inject(CONFIG) private readonly config: CampaignConfig,
  ) {}

  async get(organisationId: string): Promise<UnsubUrl | null> {
    const row = await this.settings.findUnsubscribeUrl(organisationId);
    return row ? view(row) : null;
  }

  async create(organisationId: string, input: UnsubUrlRequest): Promise<UnsubUrl> {
    const row = await this.settings.createUnsubscribeUrl(organisationId, values(input));
    if (!row) throw new EmailSettingsError('UnsubscribeUrlExistsException');
    return view(row);
  }

  async update(organisationId: string, input: UnsubUrlRequest): Promise<UnsubUrl> {
    const row = await this.settings.updateUnsubscribeUrl(organisationId, values(input));
    if (!row) throw new EmailSettingsError('UnsubscribeUrlNotFoundException');
    return view(row);
  }

  /** Deleting what is not there is done already: the answer is the same. */
  async delete(organisationId: string): Promise<void> {
    await this.settings.deleteUnsubscribeUrl(organisationId);
  }

  /** The custom opt-out page when it is on, otherwise the product's own /unsubscribed page. */
  async optOutPage(organisationId: string): Promise<string> {
    const row = await this.settings.findUnsubscribeUrl(organisationId);
    if (row?.custom_url && row.url) return row.url;
    return `${this.config.PUBLIC_BASE_URL.replace(/\/+$/, '')}/unsubscribed`;
  }
}
