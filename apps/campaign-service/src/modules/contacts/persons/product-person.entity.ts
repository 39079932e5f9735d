import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A product user (spec "Product person"): one email within one customer org (Email+OrgID). */
@Entity({ name: 'person_org' })
export class ProductPersonEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid')
  organisation_id!: string;

  @Column('text')
  email!: string;

  @Column('text')
  org_id!: string;

  @Column({ type: 'text', nullable: true })
  product_user_id!: string | null;

  @Column({ type: 'jsonb', default: () => `'{}'::jsonb` })
  user_properties!: Record<string, unknown>;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  _created_time!: Date;
}
