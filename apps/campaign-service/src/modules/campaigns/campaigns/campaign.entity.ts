import type { CampaignContext } from '@meridian/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

type Json = Record<string, unknown>;

/** A campaign (spec 3); the jsonb parts are filled by the editor, the counts by the engine. */
@Entity({ name: 'campaigns' })
export class CampaignEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid')
  organisation_id!: string;

  @Column('text')
  name!: string;

  @Column('text')
  campaign_context!: CampaignContext;

  @Column({ type: 'boolean', default: false })
  draft!: boolean;

  @Column({ type: 'boolean', default: true })
  active!: boolean;

  @Column({ type: 'integer', default: 1 })
  version!: number;

  @Column({ type: 'jsonb', nullable: true })
  flow!: Json | null;

  @Column({ type: 'jsonb', nullable: true })
  dynamic_list!: Json | null;

  @Column({ type: 'jsonb', nullable: true })
  schedule!: Json | null;

  @Column({ type: 'jsonb', nullable: true })
  rule!: Json | null;

  @Column({ type: 'jsonb', nullable: true })
  draft_data!: Json | null;

  @Column({ type: 'integer', default: 0 })
  count_processed!: number;

  @Column({ type: 'integer', default: 0 })
  count_delivered!: number;

  @Column({ type: 'integer', default: 0 })
  count_bounced!: number;

  @Column({ type: 'integer', default: 0 })
  count_dropped!: number;

  @Column({ type: 'integer', default: 0 })
  count_not_sent!: number;

  @Column({ type: 'integer', default: 0 })
  open_count!: number;

  @Column({ type: 'integer', default: 0 })
  total_count!: number;

  @Column({ type: 'uuid', nullable: true })
  created_by_id!: string | null;

  @Column({ type: 'text', nullable: true })
  created_by_name!: string | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  created_at!: Date;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  updated_at!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  activated_at!: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  deactivated_at!: Date | null;
}

/**
 * Whether a campaign has a live version to protect: active with a published flow. Such a
 * campaign changes only after 'Edit campaign' pauses its run (spec 4). A new campaign is stored
 * active (decisions) with nothing published, so there is no run to pause: it is edited directly.
 */
export function isLiveCampaign(row: Pick<CampaignEntity, 'active' | 'flow'>): boolean {
  const nodes = (row.flow as { nodes?: unknown } | null)?.nodes;
  return row.active && Array.isArray(nodes) && nodes.length > 0;
}
