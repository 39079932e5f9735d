import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** A domain an organisation may send from; a from email must use an active one. */
@Entity({ name: 'sender_domains' })
export class SenderDomainEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid')
  organisation_id!: string;

  @Column('text')
  domain!: string;

  @Column('boolean')
  active!: boolean;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  created_at!: Date;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  updated_at!: Date;
}

/** The global email configuration: the sender of campaign mails. */
@Entity({ name: 'email_settings' })
export class EmailSettingEntity {
  @PrimaryColumn('uuid')
  organisation_id!: string;

  @Column('text')
  from_name!: string;

  @Column('text')
  from_email!: string;

  @Column('text')
  reply_to!: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  created_at!: Date;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  updated_at!: Date;
}

/** Where unsubscribing sends a person: the custom opt-out page, or the product's own page. */
@Entity({ name: 'unsubscribe_urls' })
export class UnsubscribeUrlEntity {
  @PrimaryColumn('uuid')
  organisation_id!: string;

  @Column('text')
  url!: string;

  @Column('boolean')
  custom_url!: boolean;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  created_at!: Date;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  updated_at!: Date;
}
