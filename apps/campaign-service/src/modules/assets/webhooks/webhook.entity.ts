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

  /** Empty once sealed: the headers live in `headers_sealed` (see webhook-headers.ts). */
  @Column('jsonb')
  headers!: Record<string, string>;

  @Column({ type: 'bytea', nullable: true, select: true })
  headers_sealed!: Buffer | null;

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
