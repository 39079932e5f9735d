import type { RoleName } from '@meridian/contracts';
import {
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  ManyToOne,
  OneToMany,
  PrimaryColumn,
  UpdateDateColumn,
} from 'typeorm';
import { OrganisationEntity } from '../organisations/organisation.entity';

@Entity({ name: 'accounts' })
export class AccountEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid')
  organisation_id!: string;

  @Column('text')
  name!: string;

  /** As entered; unique and looked up case-insensitively (lower(email)). */
  @Column('text')
  email!: string;

  /** argon2id; null for federated users and open invites. Never selected unless asked for. */
  @Column({ type: 'text', nullable: true, select: false })
  password_hash?: string | null;

  @Column('boolean', { default: true })
  is_active!: boolean;

  @Column('boolean', { default: false })
  is_email_verified!: boolean;

  @Column('boolean', { default: false })
  is_federated_user!: boolean;

  @Column({ type: 'uuid', nullable: true })
  invited_by_id!: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  time_invited!: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  time_invite_accepted!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  time_created!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  time_updated!: Date;

  @OneToMany(() => AccountRoleEntity, (role) => role.account)
  roles?: AccountRoleEntity[];

  @ManyToOne(() => OrganisationEntity)
  @JoinColumn({ name: 'organisation_id' })
  organisation?: OrganisationEntity;
}

@Entity({ name: 'account_roles' })
export class AccountRoleEntity {
  @PrimaryColumn('uuid')
  account_id!: string;

  @PrimaryColumn('text')
  role_name!: RoleName;

  @Column('uuid')
  organisation_id!: string;

  @ManyToOne(() => AccountEntity, (account) => account.roles, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id' })
  account?: AccountEntity;
}

/** An open invite: sent, and its password not created yet. */
export function isInvitePending(
  account: Pick<AccountEntity, 'time_invited' | 'time_invite_accepted'>,
): boolean {
  return account.time_invited !== null && account.time_invite_accepted === null;
}
