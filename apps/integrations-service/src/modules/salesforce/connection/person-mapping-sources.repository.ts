import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Transaction } from '@meridian/server-kit';
import { DataSource, type EntityManager } from 'typeorm';

/** A Salesforce field a person field is mapped to, and whether the product writes it. */
export interface MappedSalesforceField {
  object: 'lead' | 'contact';
  field: string;
  pushed: boolean;
}

/**
 * What the unified mapping (integrations.person_mappings, owned by the mapping part) says about one
 * connection: read here, changed only by removing a disconnected connection from every source list.
 */
@Injectable()
export class PersonMappingSourcesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private manager(tx?: Transaction): EntityManager {
    return tx ? (tx as unknown as EntityManager) : this.dataSource.manager;
  }

  /**
   * Person fields the connection takes from the product: mapped to it with a preference other
   * than always_use_connection. 'email' is the key and is always sent, so it is added by callers.
   */
  async pushedPersonFields(tx: Transaction | undefined, organisationId: string, connectionId: string) {
    const rows: Array<{ person_field: string }> = await this.manager(tx).query(
      `SELECT DISTINCT m.person_field
         FROM integrations.person_mappings m, jsonb_array_elements(m.sources) s
        WHERE m.organisation_id = $1 AND s->>'connection_id' = $2
          AND COALESCE(s->>'sync_preference', 'two_way') <> 'always_use_connection'
        ORDER BY m.person_field`,
      [organisationId, connectionId],
    );
    return rows.map((r) => r.person_field);
  }

  /** The Salesforce fields of leads and contacts the mapping uses for this connection. */
  async salesforceFields(organisationId: string, connectionId: string): Promise<MappedSalesforceField[]> {
    const rows: Array<{ object: 'lead' | 'contact'; field: string; pushed: boolean }> =
      await this.dataSource.query(
        `SELECT o.object, s->'field'->>o.object AS field,
                bool_or(COALESCE(s->>'sync_preference', 'two_way') <> 'always_use_connection'
                        AND m.person_field <> 'email') AS pushed
           FROM integrations.person_mappings m, jsonb_array_elements(m.sources) s,
                (VALUES ('lead'), ('contact')) AS o(object)
          WHERE m.organisation_id = $1 AND s->>'connection_id' = $2
            AND COALESCE(s->'field'->>o.object, '') <> ''
          GROUP BY o.object, s->'field'->>o.object`,
        [organisationId, connectionId],
      );
    return rows;
  }

  /** A disconnected connection is no longer a source of any person field. */
  async removeConnection(tx: Transaction, organisationId: string, connectionId: string): Promise<void> {
    await this.manager(tx).query(
      `UPDATE integrations.person_mappings m
          SET sources = (SELECT COALESCE(jsonb_agg(s ORDER BY i), '[]'::jsonb)
                           FROM jsonb_array_elements(m.sources) WITH ORDINALITY AS e(s, i)
                          WHERE s->>'connection_id' IS DISTINCT FROM $2),
              time_updated = now()
        WHERE m.organisation_id = $1
          AND m.sources @> jsonb_build_array(jsonb_build_object('connection_id', $2::text))`,
      [organisationId, connectionId],
    );
  }
}
