import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { forOrganisation, likePattern, repositoryIn, type Transaction } from '@meridian/server-kit';
import type { Repository } from 'typeorm';
import { CampaignEntity } from './campaign.entity';

export interface Author {
  id: string;
  name: string;
}

export type CampaignCopy = Pick<
  CampaignEntity,
  'name' | 'campaign_context' | 'flow' | 'dynamic_list' | 'schedule' | 'rule'
> &
  Partial<Pick<CampaignEntity, 'active' | 'draft' | 'draft_data'>>;

@Injectable()
export class CampaignsRepository {
  constructor(@InjectRepository(CampaignEntity) private readonly campaigns: Repository<CampaignEntity>) {}

  /** A page of campaigns, newest change first, and the total; `keyword` matches the name. */
  page(
    organisationId: string,
    query: { keyword?: string; limit: number; offset: number },
  ): Promise<[CampaignEntity[], number]> {
    const builder = forOrganisation(this.campaigns, organisationId).query('c');
    if (query.keyword) builder.andWhere('c.name ILIKE :keyword', { keyword: likePattern(query.keyword) });
    return builder
      .orderBy('c.updated_at', 'DESC')
      .addOrderBy('c.id')
      .take(query.limit)
      .skip(query.offset)
      .getManyAndCount();
  }

  all(organisationId: string): Promise<CampaignEntity[]> {
    return forOrganisation(this.campaigns, organisationId).find({ order: { updated_at: 'DESC', id: 'ASC' } });
  }

  find(organisationId: string, id: string, tx?: Transaction): Promise<CampaignEntity | null> {
    return this.tenant(organisationId, tx).findOne({ id });
  }

  /** The organisation's campaigns, inside `tx` when given (a change and its event commit together). */
  private tenant(organisationId: string, tx?: Transaction) {
    return forOrganisation(repositoryIn(tx, CampaignEntity, this.campaigns), organisationId);
  }

  /** decisions.md: stored active and not draft; activated now. */
  create(
    organisationId: string,
    author: Author,
    data: CampaignCopy,
    tx?: Transaction,
  ): Promise<CampaignEntity> {
    const active = data.active ?? true;
    return this.tenant(organisationId, tx).create({
      draft: false,
      ...data,
      active,
      activated_at: active ? new Date() : null,
      created_by_id: author.id,
      created_by_name: author.name,
    });
  }

  /** Answers whether the campaign exists in this organisation. */
  async rename(organisationId: string, id: string, name: string, tx?: Transaction): Promise<boolean> {
    const changed = await this.tenant(organisationId, tx).update({ id }, { name, updated_at: new Date() });
    return changed === 1;
  }

  async remove(organisationId: string, id: string, tx?: Transaction): Promise<boolean> {
    return (await this.tenant(organisationId, tx).delete({ id })) === 1;
  }
}
