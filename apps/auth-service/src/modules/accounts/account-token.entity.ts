import type { LinkRequestType } from '@meridian/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A one-time link token (verify email, create or reset a password): stored as its hash, used once. */
@Entity({ name: 'account_tokens' })
export class AccountTokenEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid')
  account_id!: string;

  @Column('uuid')
  organisation_id!: string;

  @Column('text')
  purpose!: LinkRequestType;

  @Column('text')
  token_hash!: string;

  @Column('timestamptz')
  expires_at!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  used_at!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  time_created!: Date;
}
