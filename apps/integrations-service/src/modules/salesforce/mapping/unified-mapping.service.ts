import { Inject, Injectable } from '@nestjs/common';
import {
  type CrmSource,
  MAPPING_KEY_FIELD,
  type MappingDestination,
  type MappingSource,
  type UnifiedMapping,
  unifiedMappingMessages as m,
} from '@meridian/contracts';
import {
  DomainError,
  JobQueue,
  NotFoundError,
  type RequestContext,
  type Transaction,
  Transactions,
  ValidationError,
} from '@meridian/server-kit';
import { requireConnectionAdmin } from '../../warehouse/connections/connections.errors';
import { enqueueSalesforceRunNow } from '../sync/salesforce-sync.jobs';
import { CRM_PUSH_NOTIFIER, type CrmPushNotifier } from './crm-push-notifier';
import { type CrmConnectionRow, CrmSourcesRepository } from './crm-sources.repository';
import { automap } from './mapping-automap';
import { mappedCount, type MappingRowRequest, planMapping, type StoredMappingRow } from './mapping-plan';
import { PersonFieldsClient } from './person-fields.client';
import { PersonMappingsRepository } from './person-mappings.repository';

export interface ConnectionCompletion {
  connection: CrmConnectionRow;
  mapped_count: number;
}

/**
 * The unified person mapping: person fields (from their owner) against the CRM sources' fields,
 * saved whole, auto-mapped, and the Salesforce setup's completion. Every change tells the CRM
 * feed what is pushed now, in the same transaction.
 */
@Injectable()
export class UnifiedMappingService {
  constructor(
    private readonly transactions: Transactions,
    private readonly personFields: PersonFieldsClient,
    private readonly connections: CrmSourcesRepository,
    private readonly mappings: PersonMappingsRepository,
    @Inject(CRM_PUSH_NOTIFIER) private readonly notifier: CrmPushNotifier,
    private readonly jobs: JobQueue,
  ) {}

  async get(auth: RequestContext, bearer: string): Promise<UnifiedMapping> {
    return this.view(auth.organisationId, await this.personFields.destinations(bearer));
  }

  destinations(bearer: string): Promise<MappingDestination[]> {
    return this.personFields.destinations(bearer);
  }

  async update(auth: RequestContext, bearer: string, rows: MappingRowRequest[]): Promise<UnifiedMapping> {
    requireConnectionAdmin(auth);
    const destinations = await this.personFields.destinations(bearer);
    const organisationId = auth.organisationId;
    return this.transactions.run(async (tx) => {
      const sources = await this.sources(organisationId, tx);
      const plan = planMapping(rows, destinations, sources);
      if (plan.unknownConnections.length > 0) throw new NotFoundError(m.connectionNotFound);
      if (Object.keys(plan.errors).length > 0) throw new ValidationError(plan.errors);
      await this.mappings.replace(tx, organisationId, plan.rows, auth.accountId);
      for (const source of sources) await this.notifier.publish(tx, organisationId, source.connection_id);
      return this.view(organisationId, destinations, tx);
    });
  }

  async setDefault(
    auth: RequestContext,
    bearer: string,
    input: { connection_id: string; auto_map: boolean },
  ): Promise<UnifiedMapping> {
    requireConnectionAdmin(auth);
    const destinations = await this.personFields.destinations(bearer);
    return this.transactions.run(async (tx) => {
      const connection = await this.lockConnection(tx, auth.organisationId, input.connection_id);
      await this.applyDefault(tx, auth, destinations, connection.id, input.auto_map);
      await this.notifier.publish(tx, auth.organisationId, connection.id);
      return this.view(auth.organisationId, destinations, tx);
    });
  }

  /** The setup's last step: complete; automap when asked; start the sync when asked and something is mapped. */
  async complete(
    auth: RequestContext,
    bearer: string,
    input: { connection_id: string; automap: boolean; start_sync: boolean },
  ): Promise<ConnectionCompletion> {
    requireConnectionAdmin(auth);
    const destinations = await this.personFields.destinations(bearer);
    return this.transactions.run(async (tx) => {
      const organisationId = auth.organisationId;
      const locked = await this.lockConnection(tx, organisationId, input.connection_id);
      if (input.automap) await this.applyDefault(tx, auth, destinations, locked.id, true);
      const { mapped_count } = await this.view(organisationId, destinations, tx);
      if (input.start_sync && mapped_count === 0) {
        throw new DomainError('SalesforceNothingMappedException', { description: m.nothingMapped });
      }
      const connection = await this.connections.complete(tx, organisationId, locked.id, input.start_sync);
      await this.notifier.publish(tx, organisationId, locked.id);
      if (input.start_sync) await enqueueSalesforceRunNow(this.jobs, tx, organisationId, locked.id);
      return { connection, mapped_count };
    });
  }

  private async lockConnection(tx: Transaction, organisationId: string, connectionId: string) {
    const connection = await this.connections.lock(tx, organisationId, connectionId);
    if (!connection) throw new NotFoundError(m.connectionNotFound);
    return connection;
  }

  /**
   * Overwrites one connection's sources: auto-mapped fields, or the key alone. Other
   * connections' sources stay as they are.
   */
  private async applyDefault(
    tx: Transaction,
    auth: RequestContext,
    destinations: readonly MappingDestination[],
    connectionId: string,
    autoMap: boolean,
  ): Promise<void> {
    const fields = await this.connections.fieldsOf(connectionId, tx);
    const chosen = automap(
      autoMap ? destinations : destinations.filter((d) => d.name === MAPPING_KEY_FIELD && !d.custom),
      fields,
    );
    const stored = await this.mappings.sources(auth.organisationId, tx);
    const rows: StoredMappingRow[] = [];
    for (const destination of destinations) {
      const others = (stored.get(destination.name) ?? []).filter((s) => s.connection_id !== connectionId);
      const match = chosen.get(destination.name);
      const sources: MappingSource[] = match
        ? [
            ...others,
            {
              connection_id: connectionId,
              type: 'salesforce',
              field: { contact: match.contact, lead: match.lead },
              sync_preference: match.sync_preference,
            },
          ]
        : others;
      if (sources.length > 0) rows.push({ person_field: destination.name, destination, sources });
    }
    await this.mappings.replace(tx, auth.organisationId, rows, auth.accountId);
  }

  private async sources(organisationId: string, tx?: Transaction): Promise<CrmSource[]> {
    const connection = await this.connections.connectionOf(organisationId, tx);
    if (!connection) return [];
    return [
      {
        connection_id: connection.id,
        type: 'salesforce',
        name: connection.name,
        fields: await this.connections.fieldsOf(connection.id, tx),
      },
    ];
  }

  /** Rows for every person field (live definitions), with the sources of live connections only. */
  private async view(
    organisationId: string,
    destinations: readonly MappingDestination[],
    tx?: Transaction,
  ): Promise<UnifiedMapping> {
    const sources = await this.sources(organisationId, tx);
    const live = new Set(sources.map((s) => s.connection_id));
    const stored = await this.mappings.sources(organisationId, tx);
    const mapping = destinations.map((destination) => ({
      destination,
      source: (stored.get(destination.name) ?? []).filter((s) => live.has(s.connection_id)),
    }));
    return { mapping, sources, has_crm_source: sources.length > 0, mapped_count: mappedCount(mapping) };
  }
}
