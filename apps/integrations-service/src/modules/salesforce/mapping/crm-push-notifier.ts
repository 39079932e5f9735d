import { Injectable } from '@nestjs/common';
import { crmPushConfigured, MAPPING_KEY_FIELD } from '@meridian/contracts';
import { EventPublisher, type Transaction } from '@meridian/server-kit';
import { CrmSourcesRepository } from './crm-sources.repository';
import { PersonMappingsRepository } from './person-mappings.repository';

/**
 * Tells the campaign service's CRM feed that what a connection pushes changed (the mapping, or the
 * sync being started). The connection's settings owner publishes the same event when its settings
 * change; the mapping reaches it through the CRM_PUSH_NOTIFIER token, so that one publisher (same
 * method, same payload) can be bound in place of the default below.
 */
export interface CrmPushNotifier {
  publish(tx: Transaction, organisationId: string, connectionId: string): Promise<void>;
}
export const CRM_PUSH_NOTIFIER = Symbol('CRM_PUSH_NOTIFIER');

/**
 * Fields the feed exports: the key (always sent) and those a preference lets travel to Salesforce
 * (not the Salesforce-only ones).
 */
export function pushedFields(
  sources: Map<string, { connection_id: string; sync_preference: string }[]>,
  connectionId: string,
): string[] {
  const pushed = [...sources]
    .filter(
      ([field, list]) =>
        field !== MAPPING_KEY_FIELD &&
        list.some((s) => s.connection_id === connectionId && s.sync_preference !== 'always_use_connection'),
    )
    .map(([field]) => field)
    .sort();
  return [MAPPING_KEY_FIELD, ...pushed];
}

@Injectable()
export class MappingCrmPushNotifier implements CrmPushNotifier {
  constructor(
    private readonly connections: CrmSourcesRepository,
    private readonly mappings: PersonMappingsRepository,
    private readonly publisher: EventPublisher,
  ) {}

  async publish(tx: Transaction, organisationId: string, connectionId: string): Promise<void> {
    const connection = await this.connections.connectionOf(organisationId, tx);
    if (!connection || connection.id !== connectionId) return;
    const fields = pushedFields(await this.mappings.sources(organisationId, tx), connectionId);
    await this.publisher.publish(tx, crmPushConfigured, {
      organisation_id: organisationId,
      connection_id: connectionId,
      enabled: connection.is_sync_enabled && connection.is_sync_active,
      fields,
      inclusion_list: connection.inclusion_list,
      occurred_at: new Date().toISOString(),
    });
  }
}
