import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A contact of an organisation: default fields as columns, custom fields in `custom_fields`. */
@Entity({ name: 'persons' })
export class PersonEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid')
  organisation_id!: string;

  @Column('text')
  email!: string;

  @Column({ type: 'text', nullable: true })
  first_name!: string | null;

  @Column({ type: 'text', nullable: true })
  last_name!: string | null;

  @Column({ type: 'text', nullable: true })
  title!: string | null;

  @Column({ type: 'text', nullable: true })
  company_name!: string | null;

  @Column({ type: 'text', nullable: true })
  phone_number!: string | null;

  @Column({ type: 'text', nullable: true })
  product_user_id!: string | null;

  @Column({ type: 'text', nullable: true })
  org_id!: string | null;

  @Column({ type: 'jsonb', default: () => `'{}'::jsonb` })
  custom_fields!: Record<string, string | number | boolean | null>;

  @Column({ type: 'boolean', default: false })
  unsubscribed!: boolean;

  @Column({ type: 'timestamptz', nullable: true })
  unsubscribed_time!: Date | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  _created_time!: Date;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  _updated_time!: Date;
}
