import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { CampaignEntity, isLiveCampaign } from '../campaigns/campaign.entity';
import type { Author } from '../campaigns/campaigns.repository';

type Json = Record<string, unknown>;

export interface FlowDraftStamp {
  updated_at: string;
  updated_by: Author;
}

@Injectable()
export class FlowRepository {
  constructor(@InjectRepository(CampaignEntity) private readonly campaigns: Repository<CampaignEntity>) {}

  /**
   * Reads the campaign's working flow under a row lock, applies `edit` and writes the result into
   * draft_data.flow with the draft stamp, in one transaction: two quick edits queue on the lock,
   * so the second sees the first and neither is lost. Null when the campaign is not the
   * organisation's.
   */
  editDraftFlow<T>(
    organisationId: string,
    id: string,
    author: Author,
    edit: (working: unknown) => { flow: Json; result: T },
  ): Promise<{ result: T; flow: Json; stamp: FlowDraftStamp } | 'active' | null> {
    return this.campaigns.manager.transaction(async (tx) => {
      const row = await tx
        .getRepository(CampaignEntity)
        .createQueryBuilder('c')
        .setLock('pessimistic_write')
        .where('c.id = :id AND c.organisation_id = :organisationId', { id, organisationId })
        .getOne();
      if (!row) return null;
      // A live campaign's flow changes only after 'Edit campaign' pauses it (spec 4), as its drafts.
      if (isLiveCampaign(row)) return 'active';
      const working = row.draft_data?.flow ?? row.flow;
      const { flow, result } = edit(working);
      const now = new Date();
      const stamp: FlowDraftStamp = { updated_at: now.toISOString(), updated_by: author };
      const draftData: Json = { ...(row.draft_data ?? {}), flow, ...stamp };
      await tx.getRepository(CampaignEntity).update(
        { id, organisation_id: organisationId },
        // TypeORM's deep-partial type refuses a plain jsonb object; the column is jsonb.
        { draft: true, draft_data: draftData as never, updated_at: now },
      );
      return { result, flow, stamp };
    });
  }
}
