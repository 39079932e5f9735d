import { Injectable } from '@nestjs/common';

/** What the unified list shows of a connection's sync (spec 3 "Connection (unified list)"). */
export interface ConnectionSyncFacts {
  connected_tables: number;
  is_sync_enabled: boolean;
  is_sync_active: boolean;
  next_schedule_time: string | null;
  /** Contacts synced in the past 24 hours. */
  synced_contact: number;
  synced_lead: number;
}

export interface ConnectionSyncFactsSource {
  /** Facts of the given connections of one organisation (set-based: one query for the page). */
  factsFor(
    organisationId: string,
    connectionIds: readonly string[],
  ): Promise<Map<string, ConnectionSyncFacts>>;
}

/**
 * Where the sync part hands its per-connection figures to the connections list without the two
 * modules importing each other: it registers a source at start-up (onModuleInit).
 */
@Injectable()
export class ConnectionSyncFactsRegistry {
  private source: ConnectionSyncFactsSource | null = null;

  register(source: ConnectionSyncFactsSource): void {
    this.source = source;
  }

  async factsFor(
    organisationId: string,
    connectionIds: readonly string[],
  ): Promise<Map<string, ConnectionSyncFacts>> {
    if (!this.source || connectionIds.length === 0) return new Map();
    return this.source.factsFor(organisationId, connectionIds);
  }
}
