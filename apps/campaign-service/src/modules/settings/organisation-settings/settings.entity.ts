import { Column, Entity, PrimaryColumn } from 'typeorm';

export type PersonOrgMapping = 'one_to_none' | 'one_to_one' | 'many_to_many';

/** An organisation's campaign settings; no row means the defaults. */
@Entity({ name: 'organisation_settings' })
export class OrganisationSettingsEntity {
  @PrimaryColumn('uuid')
  organisation_id!: string;

  @Column('text')
  person_org_mapping!: PersonOrgMapping;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  updated_at!: Date;
}
