import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { AccountEntity } from '../accounts/account.entity';

/** A login session. The bearer token is shown once; only its SHA-256 is kept. */
@Entity({ name: 'sessions' })
export class SessionEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid')
  account_id!: string;

  @Column('uuid')
  organisation_id!: string;

  @Column('text')
  token_hash!: string;

  /** The staff account acting as `account_id`, when this is an impersonation. */
  @Column({ type: 'uuid', nullable: true })
  impersonator_account_id!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  time_created!: Date;

  @Column('timestamptz')
  expires_at!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  revoked_at!: Date | null;

  @ManyToOne(() => AccountEntity)
  @JoinColumn({ name: 'account_id' })
  account?: AccountEntity;

  @ManyToOne(() => AccountEntity)
  @JoinColumn({ name: 'impersonator_account_id' })
  impersonator?: AccountEntity | null;
}
