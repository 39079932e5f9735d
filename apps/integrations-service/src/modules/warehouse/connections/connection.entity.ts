import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Per-service settings beyond the common columns (Snowflake's warehouse and role). */
export interface ConnectionOptions {
  warehouse?: string | null;
  role?: string | null;
}

export type ConnectionTyp = 'redshift' | 'postgres' | 'snowflake' | 'salesforce';

/** A connection to a customer's data source: table integrations.connections. */
@Entity({ name: 'connections' })
export class ConnectionEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid')
  organisation_id!: string;

  @Column('text')
  label!: string;

  @Column('text')
  typ!: ConnectionTyp;

  @Column('text')
  host_name!: string;

  @Column({ type: 'integer', nullable: true })
  port!: number | null;

  @Column('text')
  database_name!: string;

  @Column('text')
  user_name!: string;

  /** Sealed credentials (see CredentialsCipher); never leaves the service. */
  @Column('bytea')
  secret!: Buffer;

  @Column({ type: 'text', nullable: true })
  schema_name!: string | null;

  @Column({ type: 'jsonb', default: () => `'{}'::jsonb` })
  options!: ConnectionOptions;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  error_time!: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  time_last_synced!: Date | null;

  @Column({ type: 'integer', nullable: true })
  sync_interval!: number | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  time_created!: Date;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  time_updated!: Date;
}
