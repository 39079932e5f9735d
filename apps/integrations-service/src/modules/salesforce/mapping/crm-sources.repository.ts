import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { CrmSourceField, MappedCrmObject } from '@meridian/contracts';
import type { Transaction } from '@meridian/server-kit';
import { DataSource, type EntityManager } from 'typeorm';

export interface CrmConnectionRow {
  id: string;
  name: string;
  setup_complete: boolean;
  is_sync_enabled: boolean;
  is_sync_active: boolean;
  next_run_at: Date | null;
  inclusion_list: { list_id: string; list_type: 'static' | 'dynamic' } | null;
}

interface StoredField {
  name: string;
  label?: string;
  type?: string;
  updateable?: boolean;
  access?: string;
}

const COLUMNS = `id, name, setup_complete, is_sync_enabled, is_sync_active, next_run_at, inclusion_list`;

/**
 * The organisation's Salesforce connection as the mapping sees it: the source of mapped fields
 * (its last describe) and the setup and sync flags connection.complete sets.
 */
@Injectable()
export class CrmSourcesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private db(tx?: Transaction): EntityManager {
    return tx ? (tx as unknown as EntityManager) : this.dataSource.manager;
  }

  /** The organisation's one live Salesforce connection, if any. */
  async connectionOf(organisationId: string, tx?: Transaction): Promise<CrmConnectionRow | null> {
    const rows: CrmConnectionRow[] = await this.db(tx).query(
      `SELECT ${COLUMNS} FROM integrations.salesforce_connections
        WHERE organisation_id = $1 AND deleted_at IS NULL`,
      [organisationId],
    );
    return rows[0] ?? null;
  }

  /** A connection of the organisation, locked for the change in `tx`; another organisation's is null. */
  async lock(
    tx: Transaction,
    organisationId: string,
    connectionId: string,
  ): Promise<CrmConnectionRow | null> {
    const rows: CrmConnectionRow[] = await this.db(tx).query(
      `SELECT ${COLUMNS} FROM integrations.salesforce_connections
        WHERE organisation_id = $1 AND id::text = $2 AND deleted_at IS NULL
        FOR UPDATE`,
      [organisationId, connectionId],
    );
    return rows[0] ?? null;
  }

  /** Lead and Contact fields of the last describe; fields the integration user cannot see are left out. */
  async fieldsOf(connectionId: string, tx?: Transaction): Promise<Record<MappedCrmObject, CrmSourceField[]>> {
    const rows: { object: MappedCrmObject; fields: StoredField[] }[] = await this.db(tx).query(
      `SELECT object, fields FROM integrations.salesforce_object_fields
        WHERE connection_id = $1 AND object IN ('contact', 'lead')`,
      [connectionId],
    );
    const result: Record<MappedCrmObject, CrmSourceField[]> = { contact: [], lead: [] };
    for (const row of rows) {
      result[row.object] = (Array.isArray(row.fields) ? row.fields : [])
        .filter((f) => typeof f.name === 'string' && f.access !== 'none')
        .map((f) => ({
          name: f.name,
          label: f.label ?? f.name,
          type: f.type ?? 'string',
          updateable: f.updateable ?? true,
        }));
    }
    return result;
  }

  async complete(
    tx: Transaction,
    organisationId: string,
    connectionId: string,
    startSync: boolean,
  ): Promise<CrmConnectionRow> {
    const rows: [CrmConnectionRow[], number] = await this.db(tx).query(
      `UPDATE integrations.salesforce_connections
          SET setup_complete = true,
              is_sync_enabled = is_sync_enabled OR $3,
              is_sync_active = is_sync_active OR $3,
              next_run_at = CASE WHEN $3 THEN now() ELSE next_run_at END,
              time_updated = now()
        WHERE organisation_id = $1 AND id = $2
        RETURNING ${COLUMNS}`,
      [organisationId, connectionId, startSync],
    );
    return rows[0][0]!;
  }
}
