import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Transaction } from '@meridian/server-kit';
import { DataSource, type EntityManager } from 'typeorm';
import type { SalesforceErrorClass } from '@meridian/contracts';
import type { Value } from './salesforce-sync-rules';
import { UPSERT_PULLED_SQL } from './salesforce-records.sql';
import type { SyncedObject } from './salesforce-soql';

export interface PulledRecord {
  sf_id: string;
  email: string | null;
  name: string | null;
  modstamp: string | null;
  sf_values: Record<string, Value>;
  pulled_hash: string;
}

export interface NewError {
  error_class: SalesforceErrorClass;
  direction: 'read' | 'write';
  object: string;
  record_key: string;
  sf_id: string | null;
  email: string | null;
  person_id: string | null;
  name: string | null;
  error_text: string;
}

/** Salesforce records the product knows and the errors of records that did not sync. */
@Injectable()
export class SalesforceRecordsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private db(tx?: Transaction): EntityManager {
    return tx ? (tx as unknown as EntityManager) : this.dataSource.manager;
  }

  /**
   * Stores a pulled page and picks its emails' selected records (one statement, see
   * UPSERT_PULLED_SQL); answers which of its records were new, which only echo the product's own
   * last push, and which are their person's selected record.
   */
  async upsertPulled(
    tx: Transaction,
    organisationId: string,
    connectionId: string,
    object: SyncedObject,
    records: readonly PulledRecord[],
  ): Promise<{ inserted: Set<string>; echoes: Set<string>; selected: Set<string> }> {
    if (records.length === 0) return { inserted: new Set(), echoes: new Set(), selected: new Set() };
    const rows: Array<{ sf_id: string; inserted: boolean; echo: boolean; selected: boolean }> = await this.db(
      tx,
    ).query(UPSERT_PULLED_SQL, [organisationId, connectionId, object, JSON.stringify(records)]);
    const ids = (pick: (r: (typeof rows)[number]) => boolean) =>
      new Set(rows.filter(pick).map((r) => r.sf_id));
    return { inserted: ids((r) => r.inserted), echoes: ids((r) => r.echo), selected: ids((r) => r.selected) };
  }

  /** When each of these persons last changed in the product, as far as a waiting push says. */
  async pendingChanges(connectionId: string, emails: readonly string[]): Promise<Map<string, Date>> {
    if (emails.length === 0) return new Map();
    const rows: Array<{ key: string; at: Date }> = await this.db().query(
      `SELECT lower(email) AS key, max(person_updated_at) AS at FROM integrations.salesforce_push_queue
        WHERE connection_id = $1 AND lower(email) = ANY($2::text[]) AND person_updated_at IS NOT NULL
        GROUP BY lower(email)`,
      [connectionId, emails.map((e) => e.toLowerCase())],
    );
    return new Map(rows.map((r) => [r.key, r.at]));
  }

  /** Records or bumps errors (one per class, direction, object and record). */
  async addErrors(
    tx: Transaction | undefined,
    organisationId: string,
    connectionId: string,
    errors: readonly NewError[],
  ): Promise<void> {
    const unique = [
      ...new Map(
        errors.map((e) => [`${e.error_class}|${e.direction}|${e.object}|${e.record_key}`, e]),
      ).values(),
    ];
    if (unique.length === 0) return;
    const col = <K extends keyof NewError>(k: K) => unique.map((e) => e[k]);
    await this.db(tx).query(
      `INSERT INTO integrations.salesforce_errors AS e (organisation_id, connection_id, error_class, direction, object,
           record_key, sf_id, email, person_id, name, error_text)
       SELECT $1, $2, * FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
           $10::text[], $11::text[])
       ON CONFLICT (connection_id, error_class, direction, object, record_key) DO UPDATE
         SET attempts = e.attempts + 1, last_occurred = now(), error_text = EXCLUDED.error_text,
             sf_id = COALESCE(EXCLUDED.sf_id, e.sf_id), person_id = COALESCE(EXCLUDED.person_id, e.person_id),
             name = COALESCE(EXCLUDED.name, e.name), resolved_at = NULL`,
      [
        organisationId,
        connectionId,
        col('error_class'),
        col('direction'),
        col('object'),
        col('record_key'),
        col('sf_id'),
        col('email'),
        col('person_id'),
        col('name'),
        col('error_text'),
      ],
    );
  }

  /** Write errors of persons that have now been pushed are resolved. */
  async resolveWriteErrors(connectionId: string, emails: readonly string[]): Promise<void> {
    if (emails.length === 0) return;
    await this.db().query(
      `UPDATE integrations.salesforce_errors SET resolved_at = now()
        WHERE connection_id = $1 AND direction = 'write' AND resolved_at IS NULL
          AND lower(record_key) = ANY($2::text[])`,
      [connectionId, emails.map((e) => e.toLowerCase())],
    );
  }
}
