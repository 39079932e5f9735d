import { Inject } from '@nestjs/common';
import {
  defaultSyncIntervalIndex,
  events,
  PERSON_DESTINATION_TABLE,
  syncIntervalMinutes,
} from '@meridian/contracts';
import {
  CONFIG,
  DomainError,
  EventPublisher,
  type JobContext,
  type JobHandler,
  type JobPayload,
  JobProcessor,
  JobQueue,
  type Transaction,
  Transactions,
} from '@meridian/server-kit';
import type { IntegrationsConfig } from '../../../config';
import type { WarehouseSession } from '../connectors/warehouse-session';
import { WarehouseSessions } from '../connectors/warehouse-sessions';
import { ActivityLogsRepository } from './activity-logs.repository';
import { ownDatabaseLost } from './own-database-lost';
import { ContentHashScanner, type PublishStep, Stopped } from './content-hash-scanner';
import { toSyncedBatches } from './sync-batches';
import { SyncLockRepository } from './sync-lock.repository';
import { type RunRow, SyncRunsRepository, type TableProgress } from './sync-runs.repository';
import { CURSOR, cursorPage, KEY, type ReadPlan } from './sync-sql';
import { salesforceSyncRunJob } from '../../salesforce/sync/salesforce-sync.jobs';
import { syncRunJobKey, warehouseSyncRunJob } from './sync.jobs';

/** The jobs whose organisations a sync run lets go first when their turn came longer ago. */
const SYNC_TURN_TASKS = [warehouseSyncRunJob.name, salesforceSyncRunJob.name];
import {
  type SyncConnection,
  type SyncTableRow,
  WarehouseSyncsRepository,
} from './warehouse-syncs.repository';

type Row = Record<string, unknown>;

/** The run's checkpoint moved under this runner: another process goes on with the run. */
class TakenOver extends Stopped {}

const describe = (error: unknown) =>
  error instanceof DomainError
    ? (error.description ?? error.code)
    : error instanceof Error
      ? error.message
      : String(error);

/**
 * Runs a sync: every table from its checkpoint, batch by batch. Each batch's events, the rows'
 * new hashes (or the table's new high-water mark) and the run's checkpoint commit in one
 * transaction, so a run stopped anywhere (process killed, warehouse gone) goes on without losing
 * or repeating rows. A failure pauses the sync with its error ('Sync Paused') until resumed.
 */
@JobProcessor(warehouseSyncRunJob)
export class SyncRunner implements JobHandler<typeof warehouseSyncRunJob> {
  /** Rows per page: keys with their hashes (content-hash tables) or rows past the cursor. */
  private readonly pageRows: number;
  private readonly turnMs: number;

  constructor(
    @Inject(CONFIG) config: IntegrationsConfig,
    private readonly syncs: WarehouseSyncsRepository,
    private readonly runs: SyncRunsRepository,
    private readonly locks: SyncLockRepository,
    private readonly sessions: WarehouseSessions,
    private readonly transactions: Transactions,
    private readonly publisher: EventPublisher,
    private readonly activity: ActivityLogsRepository,
    private readonly hashScanner: ContentHashScanner,
    private readonly jobs: JobQueue,
  ) {
    this.pageRows = config.WAREHOUSE_SYNC_PAGE_ROWS;
    this.turnMs = config.WAREHOUSE_SYNC_TURN_MS;
  }

  /**
   * A run works for one turn (WAREHOUSE_SYNC_TURN_MS) at most, and at least until its first
   * checkpoint (so every turn moves it on): then it stops at that checkpoint, as at a shutdown,
   * and queues again behind the jobs that waited meanwhile, so one organisation's large syncs do
   * not hold every job slot until they are done.
   */
  async handle(payload: JobPayload<typeof warehouseSyncRunJob>, context: JobContext): Promise<void> {
    // Another organisation whose turn came longer ago is waiting: it goes first, this run behind it.
    if (!(await this.locks.takeTurn(payload.organisationId, SYNC_TURN_TASKS))) return this.requeue(payload);
    const lock = await this.locks.tryLock(payload.syncId);
    // Another process runs this sync now; the tick comes back for it.
    if (!lock) return;
    const turn = new AbortController();
    let timeUp = false;
    let checkpointed = false;
    const timer = setTimeout(() => {
      timeUp = true;
      if (checkpointed) turn.abort();
    }, this.turnMs);
    const onCheckpoint = () => {
      checkpointed = true;
      if (timeUp) turn.abort();
    };
    let outcome: 'done' | 'stopped';
    try {
      outcome = await this.run(
        payload.organisationId,
        payload.syncId,
        AbortSignal.any([context.signal, turn.signal]),
        onCheckpoint,
      );
    } finally {
      clearTimeout(timer);
      await lock.release();
    }
    // Stopped by its turn, not by a shutdown (whose process's tick or successor goes on with it).
    if (outcome === 'stopped' && turn.signal.aborted && !context.signal.aborted) await this.requeue(payload);
  }

  /** Queues the run again, behind the jobs waiting now. */
  private async requeue(payload: JobPayload<typeof warehouseSyncRunJob>): Promise<void> {
    await this.jobs.enqueue(undefined, warehouseSyncRunJob, payload, {
      jobKey: syncRunJobKey(payload.syncId),
      jobKeyMode: 'preserve_run_at',
    });
  }

  /** 'stopped' when the run stays open at its checkpoint for a later job to go on with. */
  private async run(
    organisationId: string,
    syncId: string,
    signal: AbortSignal,
    onCheckpoint: () => void,
  ): Promise<'done' | 'stopped'> {
    const sync = await this.syncs.byId(organisationId, syncId);
    if (!sync?.sync_enabled) return 'done';
    const connection = await this.syncs.connection(organisationId, sync.connection_id);
    if (!connection || connection.error) return 'done';
    const run = await this.runs.open(organisationId, syncId, connection.id);
    let session: WarehouseSession | null = null;
    try {
      session = await this.sessions.open(organisationId, connection.id);
      let sequence = run.batches_published;
      for (const table of await this.syncs.tables(syncId)) {
        const progress = run.progress[table.id] ?? { after: null, done: false };
        if (progress.done) continue;
        sequence = await this.syncTable(
          session,
          connection,
          run,
          table,
          progress,
          sequence,
          signal,
          onCheckpoint,
        );
      }
      const minutes = syncIntervalMinutes(connection.sync_interval ?? defaultSyncIntervalIndex()) ?? 60;
      await this.runs.finish(run.id, syncId, connection.id, minutes);
      return 'done';
    } catch (error) {
      // Taken over by another process: that one goes on with the run.
      if (error instanceof TakenOver) return 'done';
      // Shutting down, or the turn is over: the run stays open and goes on from its checkpoint.
      if (error instanceof Stopped || signal.aborted) return 'stopped';
      // Our own database, not the warehouse: no 'Sync Paused' for the customer; the tick goes on with the run.
      if (ownDatabaseLost(error)) throw error;
      const message = describe(error);
      await this.transactions.run(async (tx) => {
        await this.runs.fail(tx, run.id, syncId, connection.id, message);
        await this.activity.add(tx, {
          organisationId,
          connectionId: connection.id,
          type: 'sync_paused',
          accountId: null,
          info: { error: message },
        });
      });
      return 'done';
    } finally {
      await session?.close().catch(() => undefined);
    }
  }

  private plan(session: WarehouseSession, connection: SyncConnection, table: SyncTableRow): ReadPlan {
    const schema = session.schema ?? connection.schema_name;
    if (!schema)
      throw new DomainError('BadRequestException', { description: 'The connection has no schema set' });
    const isPerson = table.destination_table_name === PERSON_DESTINATION_TABLE;
    const key =
      table.columns.find((c) => c.primary_key)?.column_name ??
      (isPerson ? undefined : table.columns.find((c) => c.destination_column_name === 'email')?.column_name);
    if (!key)
      throw new DomainError('BadRequestException', { description: `Table ${table.table_name} has no key` });
    return {
      dialect: session.dialect,
      table: `${session.quoteIdent(schema)}.${session.quoteIdent(table.table_name)}`,
      columns: [...new Set(table.columns.map((c) => c.column_name))],
      key,
      cursor: table.cursor_column,
      quote: (name) => session.quoteIdent(name),
    };
  }

  private async syncTable(
    session: WarehouseSession,
    connection: SyncConnection,
    run: RunRow,
    table: SyncTableRow,
    progress: TableProgress,
    sequence: number,
    signal: AbortSignal,
    onCheckpoint: () => void,
  ): Promise<number> {
    const plan = this.plan(session, connection, table);
    const step: PublishStep = (rows, next, extra) =>
      this.publish(run, table, rows, next, sequence, extra).then((s) => {
        sequence = s;
        onCheckpoint();
        return s;
      });

    if (plan.cursor) {
      // The high-water mark's own checkpoint; read again past it on a resumed run, which is cheap.
      let after =
        table.cursor_value !== null ? { value: table.cursor_value, key: table.cursor_key ?? '' } : null;
      for (;;) {
        if (signal.aborted) throw new Stopped();
        const page = await this.read(session, cursorPage(plan, after, this.pageRows));
        if (page.length === 0) break;
        const last = page.at(-1)!;
        const mark = { value: String(last[CURSOR]), key: String(last[KEY]) };
        await step(page, { after: null, done: false }, (tx) =>
          this.runs.setCursor(tx, table.id, mark.value, mark.key),
        );
        after = mark;
        if (page.length < this.pageRows) break;
      }
    }
    // Content-hash tables, and a cursor table's rows without a cursor value (new or changed ones
    // are found by their content hash); a resumed run goes on from the ranges its pages left.
    const hashed = await this.hashScanner.scan(
      session,
      plan.cursor ? { ...plan, nullCursorOnly: true } : plan,
      table.id,
      step,
      signal,
    );
    await step(
      [],
      {
        after: hashed.reached ?? progress.after,
        done: true,
        scanned: hashed.scanned,
        rescanned: hashed.rescanned,
      },
      async () => undefined,
    );
    return sequence;
  }

  private read(session: WarehouseSession, statement: { sql: string; params: unknown[] }): Promise<Row[]> {
    return session.query<Row>(statement.sql, statement.params);
  }

  /** The batch's events, what marks its rows as synced, and the run's checkpoint: one transaction. */
  private async publish(
    run: RunRow,
    table: SyncTableRow,
    rows: Row[],
    progress: TableProgress,
    sequence: number,
    extra: (tx: Transaction) => Promise<void>,
  ): Promise<number> {
    const batches = toSyncedBatches(rows, table.columns, {
      organisationId: run.organisation_id,
      connectionId: run.connection_id,
      runId: run.id,
      tableId: table.id,
      firstSequence: sequence,
    });
    await this.transactions.run(async (tx) => {
      await this.publisher.publishMany(
        tx,
        batches.map((payload) => ({ definition: events.contactsSynced, payload })),
      );
      await extra(tx);
      const moved = await this.runs.checkpoint(
        tx,
        run.id,
        table.id,
        progress,
        rows.length,
        batches.length,
        sequence,
      );
      // Another process went on with this run: roll back and leave it to that one.
      if (!moved) throw new TakenOver();
    });
    return sequence + batches.length;
  }
}
