import { Column, Entity, PrimaryColumn } from 'typeorm';

/** An AuthnRequest we sent: a response must answer one of these (InResponseTo), once, in time. */
@Entity({ name: 'saml_requests' })
export class SamlRequestEntity {
  @PrimaryColumn('text')
  id!: string;

  @Column('uuid')
  organisation_id!: string;

  @Column('text')
  issue_instant!: string;

  @Column('timestamptz')
  expires_at!: Date;
}

/** An assertion already used, kept until it could no longer be accepted anyway. */
@Entity({ name: 'saml_consumed_assertions' })
export class SamlConsumedAssertionEntity {
  @PrimaryColumn('text')
  assertion_id!: string;

  @Column('uuid')
  organisation_id!: string;

  @Column('timestamptz')
  expires_at!: Date;
}

/** The one-time code `/sso-redirect?code=...` trades for a session; stored as its hash. */
@Entity({ name: 'saml_login_codes' })
export class SamlLoginCodeEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid')
  account_id!: string;

  @Column('uuid')
  organisation_id!: string;

  @Column('text')
  code_hash!: string;

  @Column('timestamptz')
  expires_at!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  used_at!: Date | null;
}
