import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { UnifiedConnection } from '@meridian/contracts';
import { DataSource } from 'typeorm';
import { UnifiedConnectionRowsRegistry } from '../warehouse/connections/unified-connection-rows';

interface SegmentRow {
  key_id: string;
  time_created: Date;
  last_event: Date | null;
}

/**
 * The Segment source's row in the unified connections list (spec 2: a segment card goes to the
 * segment page): an organisation with a live write key is connected; its last sync is the hour
 * of the last call received.
 */
@Injectable()
export class SegmentUnifiedRows implements OnModuleInit {
  constructor(
    private readonly registry: UnifiedConnectionRowsRegistry,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async rowsFor(organisationId: string): Promise<UnifiedConnection[]> {
    const [row]: SegmentRow[] = await this.dataSource.query(
      `SELECT k.key_id, k.time_created,
              (SELECT max(c.bucket) FROM integrations.segment_counts c
                WHERE c.organisation_id = $1 AND c.kind = 'event') AS last_event
         FROM integrations.segment_write_keys k
        WHERE k.organisation_id = $1 AND k.retired_at IS NULL
        ORDER BY k.time_created DESC LIMIT 1`,
      [organisationId],
    );
    if (!row) return [];
    const lastEvent = row.last_event ? new Date(row.last_event).toISOString() : null;
    return [
      {
        connection_id: row.key_id,
        name: 'Segment',
        source: 'segment',
        status: 'active',
        data_type: 'events',
        connected_tables: 0,
        sync_interval: null,
        last_sync_time: lastEvent,
        synced_contact: 0,
        synced_lead: 0,
        is_sync_enabled: true,
        is_sync_active: true,
        access_token: true,
        instance_url: null,
        next_schedule_time: null,
        last_synced_time: lastEvent,
        error: null,
        error_time: null,
        time_created: new Date(row.time_created).toISOString(),
      },
    ];
  }
}
