import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { forOrganisation } from '@meridian/server-kit';
import { Repository } from 'typeorm';
import { SenderDomainEntity } from './email-settings.entity';

@Injectable()
export class SenderDomainsRepository {
  constructor(
    @InjectRepository(SenderDomainEntity) private readonly domains: Repository<SenderDomainEntity>,
  ) {}

  /** Makes `domain` an active sender domain of the organisation, in one statement; a no-op when present. */
  async ensureActive(organisationId: string, domain: string): Promise<void> {
    await this.domains.query(
      `INSERT INTO campaign.sender_domains (organisation_id, domain, active)
       VALUES ($1, $2, true)
       ON CONFLICT (organisation_id, domain) DO NOTHING`,
      [organisationId, domain],
    );
  }

  list(organisationId: string, active?: boolean): Promise<SenderDomainEntity[]> {
    return forOrganisation(this.domains, organisationId).find({
      where: active === undefined ? {} : { active },
      order: { domain: 'ASC' },
    });
  }

  async isActive(organisationId: string, domain: string): Promise<boolean> {
    return (await forOrganisation(this.domains, organisationId).count({ domain, active: true })) > 0;
  }
}
