import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** An organisation's API key (e.g. a Segment write key): shown once, kept as its SHA-256. */
@Entity({ name: 'api_keys' })
export class ApiKeyEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid')
  organisation_id!: string;

  @Column({ type: 'uuid', nullable: true })
  created_by_id!: string | null;

  @Column('text')
  label!: string;

  @Column('text')
  key_type!: string;

  /** The key's first characters, to tell keys apart on screen. */
  @Column('text')
  key_prefix!: string;

  @Column('text')
  key_hash!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  time_created!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  revoked_at!: Date | null;
}
