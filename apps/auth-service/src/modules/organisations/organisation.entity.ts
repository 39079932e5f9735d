import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'organisations' })
export class OrganisationEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('text')
  name!: string;

  @Column('text')
  slug!: string;

  @Column('text')
  domain!: string;

  /** When the domain became this organisation's (its registrant's email verified); null while only claimed. */
  @Column({ type: 'timestamptz', nullable: true })
  domain_verified_at!: Date | null;

  /** The one organisation whose accounts are internal staff; set only by the seed. */
  @Column('boolean', { default: false })
  is_internal!: boolean;

  @Column('boolean', { default: true })
  is_active!: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  time_created!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  time_updated!: Date;
}
