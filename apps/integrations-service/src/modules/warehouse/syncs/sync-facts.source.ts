import { Injectable, type OnModuleInit } from '@nestjs/common';
import {
  type ConnectionSyncFacts,
  ConnectionSyncFactsRegistry,
  type ConnectionSyncFactsSource,
} from '../connections/connection-sync-facts';
import { WarehouseSyncsRepository } from './warehouse-syncs.repository';

/** Hands the connections list its sync figures (connected tables, state, next run, contacts synced in 24 hours). */
@Injectable()
export class SyncFactsSource implements ConnectionSyncFactsSource, OnModuleInit {
  constructor(
    private readonly registry: ConnectionSyncFactsRegistry,
    private readonly syncs: WarehouseSyncsRepository,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async factsFor(
    organisationId: string,
    connectionIds: readonly string[],
  ): Promise<Map<string, ConnectionSyncFacts>> {
    const ids = connectionIds.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
    const rows = ids.length ? await this.syncs.facts(organisationId, ids) : [];
    return new Map(
      rows.map((r) => [
        r.connection_id,
        {
          connected_tables: r.connected_tables,
          is_sync_enabled: r.sync_enabled,
          is_sync_active: r.active,
          next_schedule_time: r.active && r.next_run_time ? new Date(r.next_run_time).toISOString() : null,
          synced_contact: Number(r.synced_24h),
          synced_lead: 0,
        },
      ]),
    );
  }
}
