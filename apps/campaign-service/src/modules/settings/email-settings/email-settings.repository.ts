import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { forOrganisation } from '@meridian/server-kit';
import { Repository } from 'typeorm';
import { EmailSettingEntity, UnsubscribeUrlEntity } from './email-settings.entity';

export interface EmailSettingValues {
  from_name: string;
  from_email: string;
  reply_to: string;
}

export interface UnsubscribeUrlValues {
  url: string;
  custom_url: boolean;
}

/**
 * The organisation's one global email configuration and one opt-out page setting. Creates insert
 * only when absent and updates change only an existing row, each in one statement, so a create
 * racing another create cannot overwrite it.
 */
@Injectable()
export class EmailSettingsRepository {
  constructor(
    @InjectRepository(EmailSettingEntity) private readonly settings: Repository<EmailSettingEntity>,
    @InjectRepository(UnsubscribeUrlEntity) private readonly unsubUrls: Repository<UnsubscribeUrlEntity>,
  ) {}

  findSetting(organisationId: string): Promise<EmailSettingEntity | null> {
    return forOrganisation(this.settings, organisationId).findOne({});
  }

  /** The new row, or null when the organisation already has one. */
  async createSetting(
    organisationId: string,
    values: EmailSettingValues,
  ): Promise<EmailSettingEntity | null> {
    const rows = (await this.settings.query(
      `INSERT INTO campaign.email_settings (organisation_id, from_name, from_email, reply_to)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (organisation_id) DO NOTHING
       RETURNING *`,
      [organisationId, values.from_name, values.from_email, values.reply_to],
    )) as EmailSettingEntity[];
    return rows[0] ?? null;
  }

  /** The updated row, or null when the organisation has none. */
  async updateSetting(
    organisationId: string,
    values: EmailSettingValues,
  ): Promise<EmailSettingEntity | null> {
    const [rows] = (await this.settings.query(
      `UPDATE campaign.email_settings
       SET from_name = $2, from_email = $3, reply_to = $4, updated_at = now()
       WHERE organisation_id = $1
       RETURNING *`,
      [organisationId, values.from_name, values.from_email, values.reply_to],
    )) as [EmailSettingEntity[], number];
    return rows[0] ?? null;
  }

  findUnsubscribeUrl(organisationId: string): Promise<UnsubscribeUrlEntity | null> {
    return forOrganisation(this.unsubUrls, organisationId).findOne({});
  }

  async createUnsubscribeUrl(
    organisationId: string,
    values: UnsubscribeUrlValues,
  ): Promise<UnsubscribeUrlEntity | null> {
    const rows = (await this.unsubUrls.query(
      `INSERT INTO campaign.unsubscribe_urls (organisation_id, url, custom_url)
       VALUES ($1, $2, $3)
       ON CONFLICT (organisation_id) DO NOTHING
       RETURNING *`,
      [organisationId, values.url, values.custom_url],
    )) as UnsubscribeUrlEntity[];
    return rows[0] ?? null;
  }

  async updateUnsubscribeUrl(
    organisationId: string,
    values: UnsubscribeUrlValues,
  ): Promise<UnsubscribeUrlEntity | null> {
    const [rows] = (await this.unsubUrls.query(
      `UPDATE campaign.unsubscribe_urls
       SET url = $2, custom_url = $3, updated_at = now()
       WHERE organisation_id = $1
       RETURNING *`,
      [organisationId, values.url, values.custom_url],
    )) as [UnsubscribeUrlEntity[], number];
    return rows[0] ?? null;
  }

  /** True when there was a setting to delete. */
  async deleteUnsubscribeUrl(organisationId: string): Promise<boolean> {
    return (await forOrganisation(this.unsubUrls, organisationId).delete({})) > 0;
  }
}
