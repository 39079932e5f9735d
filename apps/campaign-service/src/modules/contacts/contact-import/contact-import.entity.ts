import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { ImportPreview } from '@meridian/contracts';
import type { ImportColumn } from './import-columns';

export type ImportStage = 'uploaded' | 'matched' | 'importing' | 'imported' | 'failed';

export interface ImportOptions {
  enable_update: boolean;
  overwrite_values: boolean;
  ignore_blank: boolean;
}

/** One uploaded contacts file on its way in: its column mapping, preview, options and outcome. */
@Entity({ name: 'contact_imports' })
export class ContactImportEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid')
  organisation_id!: string;

  @Column('text')
  filepath!: string;

  @Column('text')
  status!: ImportStage;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @Column({ type: 'jsonb', nullable: true })
  preview!: { counts: ImportPreview | null; columns: ImportColumn[]; options?: ImportOptions } | null;

  @Column({ type: 'jsonb', nullable: true })
  result!: { new_records: number; records_updated: number } | null;

  @Column('integer')
  processed_rows!: number;

  @Column('integer')
  total_rows!: number;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  created_at!: Date;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  updated_at!: Date;
}
