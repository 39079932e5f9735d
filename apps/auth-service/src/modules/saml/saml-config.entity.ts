import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** An organisation's identity provider: where to send users, its issuer, and the certificate that signs for it. */
@Entity({ name: 'saml_configs' })
export class SamlConfigEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid')
  organisation_id!: string;

  @Column({ type: 'uuid', nullable: true })
  created_by_id!: string | null;

  /** The identity provider's issuer (spec: "IDP issuer"). */
  @Column('text')
  entity_id!: string;

  @Column('text')
  sso_url!: string;

  /** PEM, normalised on save. */
  @Column('text')
  certificate!: string;

  /** During a rollover, the identity provider's next (or previous) certificate; either one validates. */
  @Column({ type: 'text', nullable: true })
  second_certificate!: string | null;

  /** Responses without a request of ours (IdP-initiated, e.g. Okta tiles) are refused unless this is on. */
  @Column('boolean', { default: false })
  allow_idp_initiated!: boolean;

  /** Where the settings were imported from, when they came from the identity provider's metadata. */
  @Column({ type: 'text', nullable: true })
  metadata_url!: string | null;

  @Column('text', { default: 'okta' })
  idp!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  time_created!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  time_updated!: Date;
}
