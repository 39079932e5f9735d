import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A hand-curated list of contacts (members live in static_list_members). */
@Entity({ name: 'static_lists' })
export class StaticListEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid')
  organisation_id!: string;

  @Column('text')
  name!: string;

  @Column({ type: 'uuid', nullable: true })
  created_by!: string | null;

  @Column({ type: 'uuid', nullable: true })
  updated_by!: string | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  created_at!: Date;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  updated_at!: Date;
}
