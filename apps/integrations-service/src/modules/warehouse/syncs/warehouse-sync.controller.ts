import { Controller, Inject } from '@nestjs/common';
import {
  asUtc,
  activityLogListContract,
  isFieldEditable,
  pageCount,
  type ParsedRequestOf,
  type ResponseOf,
  warehouseDestinationTableListContract,
  warehouseSyncGetContract,
  warehouseSyncMessages,
  warehouseSyncRunListContract,
  warehouseSyncSaveContract,
  warehouseSyncSummaryContract,
  warehouseSyncToggleContract,
} from '@meridian/contracts';
import {
  Auth,
  DomainError,
  Endpoint,
  hasRole,
  Input,
  LOGGER,
  type RequestContext,
} from '@meridian/server-kit';
import type { Logger } from 'pino';
import { BearerToken } from '../../salesforce/mapping/bearer-token.decorator';
import { PersonFieldsClient } from '../../salesforce/mapping/person-fields.client';
import { ActivityLogsRepository } from './activity-logs.repository';
import { SyncRunsRepository } from './sync-runs.repository';
import { WarehouseSyncService } from './warehouse-sync.service';

type In<E extends Parameters<typeof Endpoint>[0]> = ParsedRequestOf<E>;
type Out<E extends Parameters<typeof Endpoint>[0]> = Promise<ResponseOf<E>>;

/** Spec 3 defaults: sync history looks back 7 days. */
const HISTORY_MS = 7 * 24 * 60 * 60 * 1000;
const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

/** Decisions, "Admin-only actions": setting up, pausing and resuming syncs is for admins. */
function requireAdmin(auth: RequestContext): void {
  if (!hasRole(auth, 'CUSTOMER_ORG_ADMIN'))
    throw new DomainError('ForbiddenException', { description: warehouseSyncMessages.adminsOnly });
}

/** Spec 7 warehouse sync, destination and activity-log calls. */
@Controller()
export class WarehouseSyncController {
  constructor(
    private readonly syncs: WarehouseSyncService,
    private readonly runs: SyncRunsRepository,
    private readonly activity: ActivityLogsRepository,
    private readonly personFields: PersonFieldsClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Endpoint(warehouseSyncSummaryContract)
  async summary(
    @Auth() auth: RequestContext,
    @Input() input: In<typeof warehouseSyncSummaryContract>,
  ): Out<typeof warehouseSyncSummaryContract> {
    return { summary: await this.syncs.summary(auth.organisationId, input.connection_id) };
  }

  @Endpoint(warehouseSyncGetContract)
  async get(
    @Auth() auth: RequestContext,
    @Input() input: In<typeof warehouseSyncGetContract>,
  ): Out<typeof warehouseSyncGetContract> {
    return { sync: await this.syncs.get(auth.organisationId, input.connection_id) };
  }

  @Endpoint(warehouseSyncSaveContract)
  async save(
    @Auth() auth: RequestContext,
    @Input() input: In<typeof warehouseSyncSaveContract>,
  ): Out<typeof warehouseSyncSaveContract> {
    requireAdmin(auth);
    return { sync: await this.syncs.save(auth, input) };
  }

  @Endpoint(warehouseSyncToggleContract)
  async toggle(
    @Auth() auth: RequestContext,
    @Input() input: In<typeof warehouseSyncToggleContract>,
  ): Out<typeof warehouseSyncToggleContract> {
    requireAdmin(auth);
    return { summary: await this.syncs.toggle(auth, input.connection_id, input.sync_enabled) };
  }

  @Endpoint(warehouseSyncRunListContract)
  async runList(
    @Auth() auth: RequestContext,
    @Input() input: In<typeof warehouseSyncRunListContract>,
  ): Out<typeof warehouseSyncRunListContract> {
    const connection = await this.syncs.connection(auth.organisationId, input.connection_id);
    const to = input.end_time ? new Date(asUtc(input.end_time)) : new Date();
    const from = input.start_time ? new Date(asUtc(input.start_time)) : new Date(to.getTime() - HISTORY_MS);
    const { runs, total } = await this.runs.list(
      auth.organisationId,
      connection.id,
      from,
      to,
      input.page_size,
      input.page_number,
    );
    return {
      page_number: input.page_number,
      page_size: input.page_size,
      page_count: pageCount(total, input.page_size),
      total_count: total,
      record_count: total,
      records: runs.map((r) => ({
        id: r.id,
        state: r.state,
        time_sync_started: iso(r.time_sync_started)!,
        time_sync_finished: iso(r.time_sync_finished),
        error: r.error,
        error_time: iso(r.error_time),
        records_read_count: Number(r.records_read_count),
        records_synced_count: Number(r.records_inserted_count) + Number(r.records_updated_count),
        records_inserted_count: Number(r.records_inserted_count),
        records_updated_count: Number(r.records_updated_count),
        records_failed_count: Number(r.records_failed_count),
      })),
    };
  }

  @Endpoint(warehouseDestinationTableListContract)
  async destinationTables(
    @Auth() auth: RequestContext,
    @BearerToken() bearer: string,
    @Input() input: In<typeof warehouseDestinationTableListContract>,
  ): Out<typeof warehouseDestinationTableListContract> {
    const tables = await this.syncs.destinationTables(
      auth.organisationId,
      input.connection_id,
      undefined,
      await this.writableCustomFields(bearer),
    );
    return { tables };
  }

  /**
   * The custom person fields a sync may fill (from their owner, the campaign service): those made by
   * a CSV import or 'Add Field for Person' are offered too. Without an answer the list still
   * serves, with the custom columns the syncs map.
   */
  private async writableCustomFields(bearer: string): Promise<string[]> {
    try {
      const fields = await this.personFields.list(bearer);
      return fields.filter((f) => f.custom && !f.hidden && isFieldEditable(f)).map((f) => f.name);
    } catch (error) {
      this.logger.warn({ err: error }, 'person fields not read: destination columns without them');
      return [];
    }
  }

  @Endpoint(activityLogListContract)
  async activityLog(
    @Auth() auth: RequestContext,
    @Input() input: In<typeof activityLogListContract>,
  ): Out<typeof activityLogListContract> {
    const connection = await this.syncs.connection(auth.organisationId, input.connection_id);
    const { rows, total } = await this.activity.list(
      auth.organisationId,
      connection.id,
      input.page_size,
      input.page_number,
    );
    return {
      page_number: input.page_number,
      page_size: input.page_size,
      page_count: pageCount(total, input.page_size),
      total_count: total,
      records: rows.map((r) => ({
        id: r.id,
        activity_time: iso(r.activity_time)!,
        activity_type: r.activity_type,
        account_id: r.account_id,
        additional_info: {
          tables_added: r.additional_info.tables_added ?? [],
          tables_edited: r.additional_info.tables_edited ?? [],
          error: r.additional_info.error ?? null,
        },
      })),
    };
  }
}
