import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { MappingSource } from '@meridian/contracts';
import type { Transaction } from '@meridian/server-kit';
import { DataSource, type EntityManager } from 'typeorm';
import type { StoredMappingRow } from './mapping-plan';

/** The unified mapping: one row per mapped person field, its sources as jsonb (the sync engine reads them). */
@Injectable()
export class PersonMappingsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private db(tx?: Transaction): EntityManager {
    return tx ? (tx as unknown as EntityManager) : this.dataSource.manager;
  }

  async sources(organisationId: string, tx?: Transaction): Promise<Map<string, MappingSource[]>> {
    const rows: { person_field: string; sources: MappingSource[] }[] = await this.db(tx).query(
      `SELECT person_field, sources FROM integrations.person_mappings WHERE organisation_id = $1`,
      [organisationId],
    );
    return new Map(rows.map((r) => [r.person_field, r.sources]));
  }

  /** Replaces the organisation's whole mapping with `rows` in one statement pair. */
  async replace(
    tx: Transaction,
    organisationId: string,
    rows: readonly StoredMappingRow[],
    accountId: string | null,
  ): Promise<void> {
    const db = this.db(tx);
    // Saves of one organisation take turns: the second replaces what the first wrote.
    await db.query(`SELECT pg_advisory_xact_lock(hashtext('person_mappings:' || $1))`, [organisationId]);
    await db.query(`DELETE FROM integrations.person_mappings WHERE organisation_id = $1`, [organisationId]);
    if (rows.length === 0) return;
    await db.query(
      `INSERT INTO integrations.person_mappings
         (organisation_id, person_field, destination, sources, updated_by)
       SELECT $1, f, d, s, $5
         FROM unnest($2::text[], $3::jsonb[], $4::jsonb[]) AS t(f, d, s)`,
      [
        organisationId,
        rows.map((r) => r.person_field),
        rows.map((r) => JSON.stringify(r.destination)),
        rows.map((r) => JSON.stringify(r.sources)),
        accountId,
      ],
    );
  }
}
