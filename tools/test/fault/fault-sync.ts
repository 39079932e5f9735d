import {
  type Endpoint,
  events,
  warehouseConnectionCreateContract,
  warehouseSchemaSetContract,
  warehouseSyncSaveContract,
  warehouseSyncToggleContract,
} from '@meridian/contracts';
import { call, freePort, ok, type SignedIn } from '@meridian/testing';
import type { Client } from 'pg';
import { INTEGRATIONS_APP_NAME_PREFIX, ServiceProcess } from './fault-processes';
import { PERSON_DOMAIN } from './fault-scenario';
import {
  checkSyncInvariants,
  type ContactRow,
  type SyncOutcome,
  type SyncRunRow,
  syncInvariantLines,
} from './fault-sync-invariants';
import { createFaultWarehouse, type FaultWarehouse } from './fault-warehouse';
import type { Random } from './seeded-random';

/** A sync fault, due once the sync's runs have read `at` warehouse rows. */
export interface SyncFault {
  at: number;
  kind: 'sync-kill' | 'sync-terminate';
}

/**
 * The sync's fault schedule, on its own progress (it runs beside the campaign, faster or slower):
 * kill -9 of an integrations process, and termination of the integrations service's database
 * connections with its warehouse sessions. Larger warehouses get more of each.
 */
export function planSyncFaults(random: Random, rows: number): SyncFault[] {
  const scale = Math.max(1, Math.round(rows / 2500));
  const last = Math.max(1, Math.floor(rows * 0.9));
  const some = (kind: SyncFault['kind'], min: number, max: number) =>
    Array.from({ length: random.int(min, max) * scale }, () => ({ at: random.int(0, last), kind }));
  return [...some('sync-kill', 1, 2), ...some('sync-terminate', 1, 2)].sort((a, b) => a.at - b.at);
}

const RUNS = `SELECT id::text, state, error, records_read_count::int AS read, records_inserted_count::int AS inserted,
    records_updated_count::int AS updated, records_failed_count::int AS failed,
    batches_published::int AS published, batches_applied::int AS applied
  FROM integrations.warehouse_sync_runs WHERE connection_id = $1 ORDER BY time_sync_started, id`;

export interface SyncSeedOptions {
  seed: number;
  rows: number;
  db: Client;
  /** Settings of the integrations processes (database, auth, broker, logs). */
  env: Record<string, string>;
  logDir: string;
  who: SignedIn;
  random: Random;
  log: (line: string) => void;
}

const CALL_ATTEMPTS = 90;

/**
 * The seed's warehouse sync: a Postgres warehouse, two processes of the built integrations
 * service, a connection and a sync set up through its HTTP API, run while the campaign runs and
 * while its own faults hit it; then the first pass's invariants and a second run with nothing changed.
 */
export class FaultWarehouseSync {
  readonly processes: ServiceProcess[] = [];
  private warehouse: FaultWarehouse | null = null;
  private connectionId = '';
  private plan: SyncFault[] = [];
  private next = 0;
  private readonly restarts = new Set<Promise<void>>();
  readonly injected = { kill: 0, terminate: 0, resumed: 0, crashes: 0 };
  /** Why the sync paused under the faults (each was resumed, as its owner would). */
  readonly pauses: string[] = [];
  private readonly problems: string[] = [];

  private constructor(private readonly o: SyncSeedOptions) {}

  /** Starts the first integrations process (beside the campaign's first, before anything migrates twice). */
  static async start(o: SyncSeedOptions): Promise<FaultWarehouseSync> {
    const sync = new FaultWarehouseSync(o);
    for (const n of [1, 2]) {
      const env = { ...o.env, WAREHOUSE_SYNC_PAGE_ROWS: String(Math.max(20, Math.ceil(o.rows / 25))) };
      sync.processes.push(
        new ServiceProcess(`integrations-${n}`, await freePort(), env, o.logDir, 'integrations'),
      );
    }
    sync.processes[0]!.start();
    await sync.processes[0]!.ready();
    sync.processes[1]!.start();
    await sync.processes[1]!.ready();
    return sync;
  }

  /**
   * Whichever process is up answers (a kill may have just taken one down); a dead pooled connection
   * after a termination may fail one call: tried again, on each live process in turn, once a second
   * for up to CALL_ATTEMPTS seconds (a process started again listens within seconds, but both may be
   * down at once, and a loaded machine starts them slowly).
   */
  private async as(contract: Endpoint, body: unknown): Promise<Record<string, unknown>> {
    for (let attempt = 1; ; attempt++) {
      const alive = this.processes.filter((p) => p.alive);
      const target = alive.length > 0 ? alive[attempt % alive.length]! : this.processes[0]!;
      const response = await call(target.url, contract, body, { token: this.o.who.bearer }).catch(() => null);
      if (response?.status === 200) return response.body as Record<string, unknown>;
      if (attempt === CALL_ATTEMPTS) {
        if (!response)
          throw new Error(
            `no integrations process answered ${contract.fullPath} in ${CALL_ATTEMPTS} attempts`,
          );
        return ok(response).body as Record<string, unknown>;
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }

  /** The warehouse, its connection and the sync, saved enabled: the first run starts at once. */
  async setUp(): Promise<void> {
    this.warehouse = await createFaultWarehouse(this.o.rows);
    const created = await this.as(
      warehouseConnectionCreateContract,
      this.warehouse.connection(`Fault ${this.o.seed}`),
    );
    this.connectionId = (created.connection as { id: string }).id;
    await this.as(warehouseSchemaSetContract, { connection_id: this.connectionId, schema_name: 'analytics' });
    this.plan = planSyncFaults(this.o.random, this.o.rows);
    this.o.log(`sync plan: ${this.plan.map((f) => `${f.kind}@${f.at}`).join(' ')}`);
  }

  async save(): Promise<void> {
    const column = (name: string, destination: string, key = false) => ({
      column_name: name,
      destination_column_name: destination,
      primary_key: key,
    });
    await this.as(warehouseSyncSaveContract, {
      connection_id: this.connectionId,
      sync_interval: 2,
      enable_sync: true,
      tables: [
        {
          table_name: 'customers',
          destination_table_name: 'person',
          columns: [
            column('id', 'customer_id', true),
            column('email', 'email'),
            column('last_name', 'last_name'),
            column('plan', 'plan'),
          ],
        },
      ],
    });
  }

  private async runs(): Promise<SyncRunRow[]> {
    return (await this.o.db.query<SyncRunRow>(RUNS, [this.connectionId])).rows;
  }

  /** One look: inject the faults the sync's progress has reached, restart crashed processes, resume a paused sync. */
  async step(): Promise<void> {
    if (!this.connectionId) return;
    const runs = await this.runs();
    const progress = runs.reduce((n, r) => n + r.read, 0);
    while (this.next < this.plan.length && this.plan[this.next]!.at <= progress) {
      const fault = this.plan[this.next++]!;
      if (fault.kind === 'sync-kill') await this.kill();
      else await this.terminate();
    }
    for (const p of this.processes)
      if (p.crashed) {
        this.injected.crashes++;
        this.o.log(`${p.name} exited by itself: started again`);
        p.start();
      }
    const { rows } = await this.o.db.query<{ enabled: boolean; error: string | null }>(
      `SELECT s.sync_enabled AS enabled, c.error FROM integrations.warehouse_syncs s
         JOIN integrations.connections c ON c.id = s.connection_id WHERE s.connection_id = $1`,
      [this.connectionId],
    );
    const state = rows[0];
    if (state && (!state.enabled || state.error) && !runs.some((r) => r.state === 'running')) {
      // 'Sync Paused' with the error: its owner resumes it, and it goes on from its checkpoint.
      this.pauses.push(state.error ?? 'paused');
      // The warehouse's errors are named for it; a bare driver message is the service's own database.
      if (
        state.error &&
        /^(terminating connection|Connection terminated|Client has encountered|Query runner already released)/.test(
          state.error,
        )
      )
        this.problems.push(`the sync paused on an error not the warehouse's: ${state.error}`);
      this.o.log(`sync paused (${state.error}): resumed`);
      await this.as(warehouseSyncToggleContract, { connection_id: this.connectionId, sync_enabled: true });
      this.injected.resumed++;
    }
  }

  private async kill(): Promise<void> {
    const target = this.o.random.pick(this.processes);
    const downMs = this.o.random.int(100, 3000);
    this.injected.kill++;
    await target.kill9();
    this.o.log(`kill -9 ${target.name}, back in ${downMs} ms`);
    const restart = new Promise<void>((resolve) => setTimeout(resolve, downMs)).then(() => {
      if (!target.alive) target.start();
    });
    this.restarts.add(restart);
    void restart.finally(() => this.restarts.delete(restart));
  }

  private async terminate(): Promise<void> {
    this.injected.terminate++;
    const { rows } = await this.o.db.query<{ n: number }>(
      `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
        WHERE pid <> pg_backend_pid() AND ((datname = current_database() AND application_name LIKE $1)
           OR (datname = $2 AND usename = $3))`,
      [`${INTEGRATIONS_APP_NAME_PREFIX}%`, this.warehouse!.database, this.warehouse!.user],
    );
    this.o.log(`terminated ${rows[0]?.n ?? 0} integrations and warehouse connections`);
  }

  /** The first pass is over: its last run finished and every batch of it answered. */
  private async settled(): Promise<boolean> {
    const runs = await this.runs();
    const last = runs.at(-1);
    return last?.state === 'finished' && runs.every((r) => r.published === r.applied);
  }

  /** Steps until the first pass is over (faults left unreached are dropped), then checks it and runs it again. */
  async finish(timeoutMs: number): Promise<{ failures: string[]; lines: string[] }> {
    const deadline = Date.now() + timeoutMs;
    const failures = this.problems;
    while (!(await this.settled())) {
      if (Date.now() > deadline) {
        failures.push(`the sync's first pass did not settle within ${Math.round(timeoutMs / 1000)} s`);
        break;
      }
      await this.step();
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    if (this.next < this.plan.length)
      this.o.log(`sync ended with ${this.plan.length - this.next} faults not injected`);
    await Promise.all([...this.restarts]);
    const outcome = await this.outcome(deadline);
    failures.push(...checkSyncInvariants(outcome));
    const faults =
      `${this.injected.kill} integrations kills, ${this.injected.terminate} connection terminations ` +
      `(service and warehouse), paused ${this.pauses.length} times and resumed` +
      (this.injected.crashes > 0
        ? `; ${this.injected.crashes} exits of an integrations process by itself`
        : '');
    return { failures, lines: syncInvariantLines(outcome, faults) };
  }

  private async events(): Promise<number> {
    const { rows } = await this.o.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM integrations.outbox WHERE name = $1 AND payload ->> 'connection_id' = $2`,
      [events.contactsSynced.name, this.connectionId],
    );
    return rows[0]!.n;
  }

  private async outcome(deadline: number): Promise<SyncOutcome> {
    const warehouse = await this.warehouse!.read();
    const runs = await this.runs();
    const synced = await this.events();
    const { rows: contacts } = await this.o.db.query<ContactRow>(
      `SELECT email, last_name, custom_fields ->> 'plan' AS plan, custom_fields ->> 'customer_id' AS customer_id
         FROM campaign.persons WHERE organisation_id = $1 AND email = ANY($2)`,
      [this.o.who.organisation.id, warehouse.map((r) => r.email)],
    );
    // Nothing changed since: pausing and resuming runs it at once, and it must land nothing.
    await this.as(warehouseSyncToggleContract, { connection_id: this.connectionId, sync_enabled: false });
    await this.as(warehouseSyncToggleContract, { connection_id: this.connectionId, sync_enabled: true });
    let again: SyncOutcome['again'] = null;
    const seen = new Set(runs.map((r) => r.id));
    const until = Math.max(deadline, Date.now() + 120_000);
    while (Date.now() < until && !again) {
      const fresh = (await this.runs()).filter((r) => !seen.has(r.id));
      const run = fresh.at(-1);
      if (run && run.state !== 'running' && run.published === run.applied)
        again = { run, events: await this.events() };
      else await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const existing = new Set(
      warehouse.filter((r) => r.email.endsWith(`@${PERSON_DOMAIN}`)).map((r) => r.email),
    );
    return { warehouse, existing, runs, contacts, events: synced, again };
  }

  async stop(): Promise<void> {
    await Promise.all([...this.restarts]);
    await Promise.all(this.processes.map((p) => p.stop()));
    await this.warehouse?.drop();
  }
}
