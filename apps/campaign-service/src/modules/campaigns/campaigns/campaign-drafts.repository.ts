import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { CampaignEntity } from './campaign.entity';

/** The columns a draft change or a publish writes. */
export type CampaignChange = Partial<
  Pick<
    CampaignEntity,
    | 'draft'
    | 'active'
    | 'version'
    | 'activated_at'
    | 'deactivated_at'
    | 'flow'
    | 'dynamic_list'
    | 'schedule'
    | 'rule'
    | 'draft_data'
  >
>;

/**
 * Changes to one campaign made under its row lock, the same lock the flow step calls take, so a
 * draft save, a step edit and a publish queue instead of overwriting each other.
 */
@Injectable()
export class CampaignDraftsRepository {
  constructor(@InjectRepository(CampaignEntity) private readonly campaigns: Repository<CampaignEntity>) {}

  /** Null when the campaign is not the organisation's; else what `change` returns, after its write. */
  locked<T>(
    organisationId: string,
    id: string,
    change: (
      row: CampaignEntity,
    ) => { set: CampaignChange | null; result: T } | Promise<{ set: CampaignChange | null; result: T }>,
  ): Promise<{ row: CampaignEntity; result: T } | null> {
    return this.campaigns.manager.transaction(async (tx: EntityManager) => {
      const repository = tx.getRepository(CampaignEntity);
      const row = await repository
        .createQueryBuilder('c')
        .setLock('pessimistic_write')
        .where('c.id = :id AND c.organisation_id = :organisationId', { id, organisationId })
        .getOne();
      if (!row) return null;
      const { set, result } = await change(row);
      if (!set) return { row, result };
      const updated_at = new Date();
      // TypeORM's deep-partial type refuses plain jsonb objects; the columns are jsonb.
      await repository.update({ id, organisation_id: organisationId }, { ...set, updated_at } as never);
      return { row: { ...row, ...set, updated_at } as CampaignEntity, result };
    });
  }
}
