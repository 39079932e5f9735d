import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A named Liquid snippet of an organisation (spec 3 "Email token"); `code` is the spec's `token`. */
@Entity({ name: 'email_tokens' })
export class EmailTokenEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid')
  organisation_id!: string;

  @Column('text')
  name!: string;

  @Column({ type: 'text', default: '' })
  code!: string;

  @Column({ type: 'text', default: '' })
  description!: string;

  @Column({ type: 'text', default: '' })
  default_value!: string;

  @Column({ type: 'text', default: 'string' })
  return_type!: 'string' | 'number' | 'datetime' | 'boolean' | 'array' | 'hashmap';

  @Column({ type: 'uuid', nullable: true })
  created_by_id!: string | null;

  @Column({ type: 'text', nullable: true })
  created_by_name!: string | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  created_at!: Date;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  updated_at!: Date;
}
