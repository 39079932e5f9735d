import type { WebhookMethod } from '@meridian/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** An outbound HTTP call a campaign step (and the editor's preview) makes. */
@Entity({ name: 'webhooks' })
export class WebhookEntity {
  @PrimaryColumn('uuid')
  organisation_id!: string;

  @PrimaryColumn('text')
  webhook_id!: string;

  @Column('text')
  name!: string;

  @Column('text')
  description!: string;

  @Column('text')
  method!: WebhookMethod;

  @Column('text')
  url!: string;

  @Column({ type: 'text', nullable: true })
  payload!: string | null;

  @Column('jsonb')
  headers!: Record<string, string>;

  /** Seconds. */
  @Column('integer')
  timeout!: number;

  @Column({ type: 'uuid', nullable: true })
  created_by_id!: string | null;

  @Column({ type: 'text', nullable: true })
  created_by_name!: string | null;

  @Column({ type: 'uuid', nullable: true })
  updated_by_id!: string | null;

  @Column({ type: 'text', nullable: true })
  updated_by_name!: string | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  created_at!: Date;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  updated_at!: Date;
}
