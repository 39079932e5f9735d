import { Injectable } from '@nestjs/common';
import { crmPushConfigured } from '@meridian/contracts';
import { EventPublisher, type Transaction } from '@meridian/server-kit';
import { PersonMappingSourcesRepository } from './person-mapping-sources.repository';
import { SalesforceConnectionsRepository } from './salesforce-connections.repository';

/**
 * Tells the campaign service what to push for a connection (crmPushConfigured), read from the
 * state inside the caller's transaction so the event matches what commits. Call it after every
 * change of the push-relevant state: start/pause/resume, the inclusion list, a disconnect, and a
 * saved mapping.
 */
@Injectable()
export class CrmPushPublisher {
  constructor(
    private readonly connections: SalesforceConnectionsRepository,
    private readonly mappings: PersonMappingSourcesRepository,
    private readonly publisher: EventPublisher,
  ) {}

  async publish(tx: Transaction, organisationId: string, connectionId: string): Promise<void> {
    const state = await this.connections.pushState(tx, organisationId, connectionId);
    if (!state) return;
    const mapped = await this.mappings.pushedPersonFields(tx, organisationId, connectionId);
    await this.publisher.publish(tx, crmPushConfigured, {
      organisation_id: organisationId,
      connection_id: connectionId,
      enabled: state.is_sync_enabled && state.is_sync_active && !state.deleted,
      fields: ['email', ...mapped.filter((field) => field !== 'email')],
      inclusion_list: state.inclusion_list,
      occurred_at: new Date().toISOString(),
    });
  }
}
