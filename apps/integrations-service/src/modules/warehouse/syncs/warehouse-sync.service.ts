import { Injectable } from '@nestjs/common';
import {
  checkSyncLocked,
  connectionMessages,
  CUSTOM_DESTINATION_TABLE,
  defaultSyncIntervalIndex,
  type DestinationTable,
  FILLABLE_DEFAULT_FIELDS,
  type ParsedRequestOf,
  PERSON_DESTINATION_TABLE,
  type SyncSaveCheck,
  type SyncStructure,
  type SyncSummary,
  validateSyncSave,
  type warehouseSyncSaveContract,
  warehouseSyncMessages,
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
import { listColumns, listTables } from '../connectors/source-catalog';
import { WarehouseSessions } from '../connectors/warehouse-sessions';
import { ActivityLogsRepository } from './activity-logs.repository';
import { SyncRunsRepository } from './sync-runs.repository';
import { syncRunJobKey, warehouseSyncRunJob } from './sync.jobs';
import {
  type NewSyncTable,
  type SyncConnection,
  type SyncRow,
  type SyncTableRow,
  WarehouseSyncsRepository,
} from './warehouse-syncs.repository';

type SaveInput = ParsedRequestOf<typeof warehouseSyncSaveContract>;

const SYNC_PAUSED = 'Sync Paused';
const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);
const tableKey = (t: { table_name: string; destination_table_name?: string | null }) =>
  `${t.table_name}\u0000${t.destination_table_name ?? ''}`;

/** A refused save: the toast texts on `tables` or `sync_interval`, and each table's inline texts. */
function saveRefused(check: SyncSaveCheck): ValidationError {
  const frequency = new Set<string>([
    warehouseSyncMessages.frequencyRequired,
    warehouseSyncMessages.invalidFrequency,
  ]);
  const fields: Record<string, string[]> = {};
  const onTables = check.errors.filter((e) => !frequency.has(e));
  const onInterval = check.errors.filter((e) => frequency.has(e));
  if (onTables.length > 0) fields.tables = onTables;
  if (onInterval.length > 0) fields.sync_interval = onInterval;
  for (const [index, texts] of Object.entries(check.tables)) fields[`tables.${index}`] = texts;
  return new ValidationError(fields, check.errors.join(', '));
}

/** A connection's sync: its setup (locked once saved but for new columns), pause/resume, summary. */
@Injectable()
export class WarehouseSyncService {
  constructor(
    private readonly syncs: WarehouseSyncsRepository,
    private readonly runs: SyncRunsRepository,
    private readonly activity: ActivityLogsRepository,
    private readonly transactions: Transactions,
    private readonly jobs: JobQueue,
    private readonly sessions: WarehouseSessions,
  ) {}

  async connection(organisationId: string, connectionId: string, tx?: Transaction): Promise<SyncConnection> {
    const connection = await this.syncs.connection(organisationId, connectionId, tx);
    if (!connection) throw new NotFoundError(warehouseSyncMessages.connectionNotFound);
    return connection;
  }

  async get(organisationId: string, connectionId: string): Promise<SyncStructure | null> {
    const connection = await this.connection(organisationId, connectionId);
    const sync = await this.syncs.byConnection(organisationId, connectionId);
    if (!sync) return null;
    return this.structure(connection, sync, await this.syncs.tables(sync.id));
  }

  /**
   * Spec 3 "Destination table": the person table with its fields, then 'Custom Table'. A table is
   * `used_in_connection` when another connection of the organisation syncs into it (any connection
   * when none is given): the connection's own sync does not count, so it stays editable. The
   * person table's custom columns are the organisation's custom person fields (`customFields`, in
   * their owner's order), then those the syncs map that the owner does not list yet.
   */
  async destinationTables(
    organisationId: string,
    connectionId?: string,
    tx?: Transaction,
    customFields: readonly string[] = [],
  ): Promise<DestinationTable[]> {
    if (connectionId) await this.connection(organisationId, connectionId, tx);
    const elsewhere = new Set(await this.syncs.destinationsInUse(organisationId, connectionId ?? null, tx));
    const mapped = await this.syncs.customColumns(organisationId, FILLABLE_DEFAULT_FIELDS, tx);
    const defaults = new Set<string>(FILLABLE_DEFAULT_FIELDS);
    const custom = [...new Set([...customFields, ...mapped])].filter((name) => !defaults.has(name));
    return [
      {
        table_name: PERSON_DESTINATION_TABLE,
        default: true,
        used_in_connection: elsewhere.has(PERSON_DESTINATION_TABLE),
        columns: [
          ...FILLABLE_DEFAULT_FIELDS.map((name) => ({ name, required: name === 'email' })),
          ...custom.map((name) => ({ name, required: false })),
        ],
        multi_source: false,
      },
      {
        table_name: CUSTOM_DESTINATION_TABLE,
        default: false,
        used_in_connection: elsewhere.has(null),
        columns: [{ name: 'email', required: true }],
        multi_source: true,
      },
    ];
  }

  async save(auth: RequestContext, input: SaveInput): Promise<SyncStructure> {
    const organisationId = auth.organisationId;
    const connection = await this.connection(organisationId, input.connection_id);
    if (!connection.schema_name)
      throw new DomainError('BadRequestException', { description: warehouseSyncMessages.noSchema });
    const tables: NewSyncTable[] = input.tables.map((t) => ({
      table_name: t.table_name,
      // 'Custom Table' is what the picker shows; stored as no destination, as spec 3 writes it.
      destination_table_name:
        t.destination_table_name && t.destination_table_name !== CUSTOM_DESTINATION_TABLE
          ? t.destination_table_name
          : null,
      cursor_column: t.cursor_column ?? null,
      columns: t.columns.map((c) => ({ ...c, primary_key: c.primary_key ?? false })),
    }));
    const current = await this.syncs.byConnection(organisationId, connection.id);
    const savedBefore = current ? await this.syncs.tables(current.id) : [];
    await this.checkSave(organisationId, connection.id, input.sync_interval, tables, savedBefore);
    await this.checkSources(connection, savedBefore, tables);

    const sync = await this.transactions.run(async (tx) => {
      await this.syncs.lockDestinations(tx, organisationId);
      await this.connection(organisationId, input.connection_id, tx);
      let sync = await this.syncs.byConnection(organisationId, connection.id, tx);
      const saved = sync ? await this.syncs.tables(sync.id, tx) : [];
      // Again under the lock: another connection may have taken a destination table meanwhile.
      await this.checkSave(organisationId, connection.id, input.sync_interval, tables, saved, tx);
      const locked = checkSyncLocked(saved, tables);
      if (locked) throw new ValidationError({ tables: [locked] }, locked);
      const byKey = new Map(tables.map((t) => [tableKey(t), t]));
      const added = tables.filter((t) => !saved.some((s) => tableKey(s) === tableKey(t)));
      const edited = saved.flatMap((s) => {
        const next = byKey.get(tableKey(s))!;
        const extra = next.columns.filter((c) => !s.columns.some((o) => o.column_name === c.column_name));
        return extra.length ? [{ table: s, columns: [...s.columns, ...extra] }] : [];
      });
      const created = !sync;
      if (!sync)
        sync = await this.syncs.create(tx, organisationId, connection.id, input.enable_sync, auth.accountId);
      else await this.syncs.setEnabled(tx, sync.id, input.enable_sync, input.enable_sync);
      await this.syncs.addTables(tx, sync, added, saved.length);
      for (const e of edited) await this.syncs.extendColumns(tx, e.table.id, e.columns);
      await this.syncs.updateConnection(tx, connection.id, { syncInterval: input.sync_interval });
      if (created || added.length > 0 || edited.length > 0) {
        await this.activity.add(tx, {
          organisationId,
          connectionId: connection.id,
          type: created ? 'sync_created' : 'sync_edited',
          accountId: auth.accountId,
          info: {
            tables_added: added.map((t) => t.table_name),
            tables_edited: edited.map((e) => e.table.table_name),
          },
        });
      }
      if (input.enable_sync) await this.runSoon(tx, sync);
      return sync;
    });
    const fresh = await this.connection(organisationId, connection.id);
    return this.structure(
      fresh,
      { ...sync, sync_enabled: input.enable_sync },
      await this.syncs.tables(sync.id),
    );
  }

  /** Spec 5's save rules, with the destination tables as the connection sees them. */
  private async checkSave(
    organisationId: string,
    connectionId: string,
    syncInterval: number,
    tables: readonly NewSyncTable[],
    saved: readonly SyncTableRow[],
    tx?: Transaction,
  ): Promise<void> {
    const destinations = await this.destinationTables(organisationId, connectionId, tx);
    const check = validateSyncSave({ tables, sync_interval: syncInterval }, destinations, saved);
    if (check.errors.length > 0) throw saveRefused(check);
  }

  /**
   * What a save adds (tables, and columns of saved tables) must exist in the warehouse now: a sync
   * is not editable later, so a name that is not there would fail every run for good. Asked of the
   * warehouse only when something is added.
   */
  private async checkSources(
    connection: SyncConnection,
    saved: readonly SyncTableRow[],
    tables: readonly NewSyncTable[],
  ): Promise<void> {
    const added = tables
      .map((table, index) => {
        const before = saved.find((s) => tableKey(s) === tableKey(table));
        const columns = table.columns.filter(
          (c) => !before?.columns.some((o) => o.column_name === c.column_name),
        );
        return { index, table, columns };
      })
      .filter((item) => item.columns.length > 0);
    if (added.length === 0) return;
    const fields = await this.sessions.with(connection.organisation_id, connection.id, async (session) => {
      const schema = session.schema ?? connection.schema_name!;
      const known = new Set((await listTables(session, schema)).map((t) => t.table_name));
      const problems: Record<string, string[]> = {};
      for (const { index, table, columns } of added) {
        if (!known.has(table.table_name)) {
          problems[`tables.${index}`] = [`${connectionMessages.tableNotFound}: ${table.table_name}`];
          continue;
        }
        const present = new Set(
          (await listColumns(session, schema, table.table_name)).map((c) => c.column_name),
        );
        const missing = columns.filter((c) => !present.has(c.column_name)).map((c) => c.column_name);
        if (missing.length > 0)
          problems[`tables.${index}`] = [`Columns not found in ${table.table_name}: ${missing.join(', ')}`];
      }
      return problems;
    });
    if (Object.keys(fields).length > 0)
      throw new ValidationError(fields, Object.values(fields).flat().join(', '));
  }

  /** Pause (false) or resume (true). Resuming clears the connection's error and runs at once, from the checkpoint. */
  async toggle(auth: RequestContext, connectionId: string, enabled: boolean): Promise<SyncSummary> {
    const organisationId = auth.organisationId;
    await this.transactions.run(async (tx) => {
      const connection = await this.connection(organisationId, connectionId, tx);
      const sync = await this.syncs.byConnection(organisationId, connectionId, tx, true);
      if (!sync) throw new DomainError('BadRequestException', { description: warehouseSyncMessages.noSync });
      // Already so (a double click, another tab): nothing changes and nothing is recorded.
      if (sync.sync_enabled === enabled && (!enabled || connection.error === null)) return;
      await this.syncs.setEnabled(tx, sync.id, enabled, enabled);
      if (enabled) await this.syncs.updateConnection(tx, connection.id, { clearError: true });
      await this.activity.add(tx, {
        organisationId,
        connectionId,
        type: enabled ? 'sync_resumed' : 'sync_paused',
        accountId: auth.accountId,
        info: {},
      });
      if (enabled) await this.runSoon(tx, sync);
    });
    return this.summary(organisationId, connectionId);
  }

  async summary(organisationId: string, connectionId: string): Promise<SyncSummary> {
    const connection = await this.connection(organisationId, connectionId);
    const sync = await this.syncs.byConnection(organisationId, connectionId);
    const { last, total } = sync ? await this.runs.summary(sync.id) : { last: null, total: 0 };
    const tables = sync ? await this.syncs.tables(sync.id) : [];
    const paused = !sync?.sync_enabled || connection.error !== null;
    return {
      sync_enabled: sync?.sync_enabled ?? false,
      error: connection.error ? { [SYNC_PAUSED]: connection.error } : null,
      error_time: iso(connection.error_time),
      next_run_time: paused ? null : iso(sync?.next_run_time ?? null),
      time_last_synced: iso(connection.time_last_synced),
      last_sync_time_taken: last?.time_sync_finished
        ? (new Date(last.time_sync_finished).getTime() - new Date(last.time_sync_started).getTime()) / 1000
        : null,
      records_synced_count: last
        ? Number(last.records_inserted_count) + Number(last.records_updated_count)
        : 0,
      total_records_synced_count: total,
      table_count: tables.length,
    };
  }

  private runSoon(tx: Transaction, sync: SyncRow) {
    return this.jobs.enqueue(
      tx,
      warehouseSyncRunJob,
      { organisationId: sync.organisation_id, syncId: sync.id },
      { jobKey: syncRunJobKey(sync.id) },
    );
  }

  private structure(connection: SyncConnection, sync: SyncRow, tables: SyncTableRow[]): SyncStructure {
    return {
      connection_id: connection.id,
      tables: tables.map((t) => ({
        table_name: t.table_name,
        destination_table_name: t.destination_table_name,
        cursor_column: t.cursor_column,
        columns: t.columns,
      })),
      sync_interval: connection.sync_interval ?? defaultSyncIntervalIndex(),
      enable_sync: sync.sync_enabled,
    };
  }
}
