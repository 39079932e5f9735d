import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The single row holding the key that signs unsubscribe links. */
@Entity({ name: 'personalisation_keys' })
export class PersonalisationKeyEntity {
  @PrimaryColumn({ type: 'smallint', default: 1 })
  id!: number;

  @Column('bytea')
  unsubscribe_key!: Buffer;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  created_at!: Date;
}
