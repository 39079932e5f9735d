import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { PersonFieldType } from '@meridian/contracts';

/** The definition of a person field for one organisation (defaults are seeded on first use). */
@Entity({ name: 'person_fields' })
export class PersonFieldEntity {
  @PrimaryColumn('uuid')
  organisation_id!: string;

  @PrimaryColumn('text')
  name!: string;

  @Column('text')
  display!: string;

  @Column('text')
  type!: PersonFieldType;

  @Column({ type: 'integer', nullable: true })
  length!: number | null;

  @Column('boolean')
  read_only!: boolean;

  @Column('boolean')
  updatable!: boolean;

  @Column('boolean')
  required!: boolean;

  @Column('boolean')
  hidden!: boolean;

  @Column('boolean')
  custom!: boolean;

  @Column('integer')
  position!: number;
}
