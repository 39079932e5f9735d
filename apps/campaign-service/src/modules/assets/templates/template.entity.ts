import type { TemplateFromEmail, TemplateSenderMeta, TemplateType } from '@meridian/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** An email template: HTML body, visual design, subject and sender settings. */
@Entity({ name: 'email_templates' })
export class TemplateEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid')
  organisation_id!: string;

  @Column('text')
  name!: string;

  @Column('text')
  template_type!: TemplateType;

  @Column({ type: 'text', nullable: true })
  subject!: string | null;

  @Column({ type: 'text', nullable: true })
  content!: string | null;

  @Column({ type: 'jsonb', nullable: true })
  content_json!: Record<string, unknown> | null;

  @Column({ type: 'jsonb', nullable: true })
  from_email!: TemplateFromEmail | null;

  @Column({ type: 'text', nullable: true })
  reply_to!: string | null;

  @Column({ type: 'jsonb', nullable: true })
  sender_meta!: TemplateSenderMeta | null;

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
