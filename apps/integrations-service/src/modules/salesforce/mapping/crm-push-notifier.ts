import { Injectable } from '@nestjs/common';
import { crmPushConfigured, MAPPING_KEY_FIELD } from '@meridian/contracts';
import { EventPublisher, type Transaction } from '@meridian/server-kit';
import { CrmSourcesRepository } from './crm-sources.repository';
import { PersonMappingsRepository } from './person-mappings.repository';

/**
 * Tells the campaign service's CRM feed that what a connection pushes changed (the mapping, or the
 * sync being started). The connection's settings owner publishes the same event when its settings
 * change; this is the mapping's side of it, bound by the CRM_PUSH_NOTIFIER token so the one
 * publisher can take its place.
 */
export interface CrmPushNotifier {
  configurationChanged(tx: Transaction, organisationId: string, connectionId: string): Promise<void>;
}
export const CRM_PUSH_NOTIFIER = Symbol('CRM_PUSH_NOTIFIER');

/** Pushed fields: those a preference lets travel to Salesforce (never the key, never Salesforce-only ones). */
export function pushedFields(
  sources: Map<string, { connection_id: string; sync_preference: string }[]>,
  connectionId: string,
): string[] {
  return [...sources]
    .filter(
      ([field, list]) =>
        field !== MAPPING_KEY_FIELD &&
        list.some((s) => s.connection_id === connectionId && s.sync_preference !== 'always_use_connection'),
    )
    .map(([field]) => field)
    .sort();
}

@Injectable()
export class MappingCrmPushNotifier implements CrmPushNotifier {
  constructor(
    private readonly connections: CrmSourcesRepository,
    private readonly mappings: PersonMappingsRepository,
    private readonly publisher: EventPublisher,
  ) {}

  async configurationChanged(tx: Transaction, organisationId: string, connectionId: string): Promise<void> {
    const connection = await this.connections.connectionOf(organisationId, tx);
    if (!connection || connection.id !== connectionId) return;
    const fields = pushedFields(await this.mappings.sources(organisationId, tx), connectionId);
    await this.publisher.publish(tx, crmPushConfigured, {
      organisation_id: organisationId,
      connection_id: connectionId,
      enabled: connection.is_sync_enabled && connection.is_sync_active && fields.length > 0,
      fields,
      inclusion_list: connection.inclusion_list,
      occurred_at: new Date().toISOString(),
    });
  }
}
