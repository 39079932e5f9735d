import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, type Transaction } from '@meridian/server-kit';
import type { IntegrationsConfig } from '../../../config';
import type { WarehouseSession } from '../connectors/warehouse-session';
import { BUCKET, rangeAggregates, ROWS, SUM } from './hash-range-sql';
import {
  afterPage,
  aggregateOf,
  type HashRange,
  merged,
  type RangeAggregate,
  rangesToScan,
  unknownKeySpace,
} from './hash-ranges';
import { HashRangesRepository } from './hash-ranges.repository';
import { SyncRunsRepository, type TableProgress } from './sync-runs.repository';
import { HASH, hashExpression, KEY, keyHashPage, type ReadPlan, rowsByKeys } from './sync-sql';

/** Keys per fetch of changed rows where there are no array parameters (Redshift, Snowflake). */
const FETCH_CHUNK = 1000;

type Row = Record<string, unknown>;

/** Publishes a page's rows with its checkpoint and `extra` in one transaction. */
export type PublishStep = (
  rows: Row[],
  next: TableProgress,
  extra: (tx: Transaction) => Promise<void>,
) => Promise<number>;

/** The run is stopping (shutdown): its checkpoint stays for the next process. */
export class Stopped extends Error {}

export interface HashScanResult {
  /** The last key compared, or null. */
  reached: string | null;
  scanned: number;
  rescanned: number;
}

/** What the stored range sums were taken over: another hash (new columns) voids them. */
const signatureOf = (plan: ReadPlan) =>
  createHash('md5')
    .update(JSON.stringify([plan.dialect, plan.table, plan.key, hashExpression(plan), !!plan.nullCursorOnly]))
    .digest('hex');

interface ScanState {
  tableId: string;
  signature: string;
  ranges: HashRange[];
  scanned: number;
  rescanned: number;
}

/**
 * Reads a content-hash table (or a cursor table's rows without a cursor value). The key space is
 * kept as ranges with the count and hash-prefix sum of what was published for them; a run first
 * asks the warehouse for every range's aggregate in one query and scans, by key and hash, only the
 * ranges whose aggregate differs (or is unknown). An insert, delete or change in a range changes
 * its count or sum, new keys past the last bound fall in the last, unbounded range. A scanned page
 * publishes its changed rows with their hashes and the range list it leaves (the page's keys
 * known, the rest of its range unknown) in one transaction, so an interrupted run resumes from
 * the ranges still unknown or different.
 */
@Injectable()
export class ContentHashScanner {
  private readonly pageRows: number;

  constructor(
    @Inject(CONFIG) config: IntegrationsConfig,
    private readonly runs: SyncRunsRepository,
    private readonly ranges: HashRangesRepository,
  ) {
    this.pageRows = config.WAREHOUSE_SYNC_PAGE_ROWS;
  }

  async scan(
    session: WarehouseSession,
    plan: ReadPlan,
    tableId: string,
    step: PublishStep,
    signal: AbortSignal,
  ): Promise<HashScanResult> {
    const signature = signatureOf(plan);
    const stored = await this.ranges.load(tableId, signature);
    const ranges = stored.length > 0 ? stored : unknownKeySpace();
    const state: ScanState = { tableId, signature, ranges, scanned: 0, rescanned: 0 };
    const dirty = ranges.every((r) => r.rows === null)
      ? ranges.map((_, i) => i)
      : rangesToScan(ranges, await this.aggregates(session, plan, ranges));
    // Bounds first: scanning a range splits it, but never moves another range's bounds.
    const targets = dirty.map((i) => ({
      lower: i === 0 ? null : ranges[i - 1]!.upper,
      upper: ranges[i]!.upper,
    }));
    let reached: string | null = null;
    for (const target of targets) {
      if (signal.aborted) throw new Stopped();
      state.rescanned += 1;
      reached =
        (await this.scanRange(session, plan, state, target.lower, target.upper, step, signal)) ?? reached;
    }
    const compact = merged(state.ranges, this.pageRows);
    if (compact.length !== state.ranges.length) await this.ranges.save(null, tableId, signature, compact);
    return { reached, scanned: state.scanned, rescanned: state.rescanned };
  }

  /** Every range's count and prefix sum in the warehouse now: one query, by range index. */
  private async aggregates(
    session: WarehouseSession,
    plan: ReadPlan,
    ranges: readonly HashRange[],
  ): Promise<Map<number, RangeAggregate>> {
    const statement = rangeAggregates(
      plan,
      ranges.slice(0, -1).map((r) => r.upper!),
    );
    const rows = await session.query<Row>(statement.sql, statement.params);
    return new Map(
      rows.map((r) => [Number(r[BUCKET]), { rows: Number(r[ROWS]), sum: BigInt(String(r[SUM] ?? '0')) }]),
    );
  }

  /**
   * Pages of keys and warehouse-side hashes in (lower, upper], in key order; the rows whose hash
   * changed are fetched and published with their new hashes. Answers the last key compared.
   */
  private async scanRange(
    session: WarehouseSession,
    plan: ReadPlan,
    state: ScanState,
    lower: string | null,
    upper: string | null,
    step: PublishStep,
    signal: AbortSignal,
  ): Promise<string | null> {
    const read = (after: string | null) => {
      const statement = keyHashPage(plan, after, this.pageRows, upper);
      const pending = session.query<Row>(statement.sql, statement.params);
      // A read the run no longer waits for (it stopped or failed) still ends before the session closes.
      pending.catch(() => undefined);
      return pending;
    };
    let reached: string | null = null;
    let pending: Promise<Row[]> | null = read(lower);
    try {
      for (;;) {
        if (signal.aborted) throw new Stopped();
        const page: Row[] = await pending!;
        pending = null;
        const keys = page.map((r) => String(r[KEY]));
        const hashes = page.map((r) => String(r[HASH]));
        const last = keys.at(-1) ?? null;
        // A page that ends on the range's own bound is its last, full or not.
        const full = page.length === this.pageRows && last !== upper;
        // The warehouse reads the next page while this one is compared and published.
        if (full) pending = read(last);
        const changed = keys.length > 0 ? await this.runs.changedKeys(state.tableId, keys, hashes) : [];
        const rows = await this.fetch(session, plan, changed);
        // What is published for the page's keys: the unchanged rows' hashes and the fetched rows'
        // (a row deleted since the page was read is in neither).
        const unchanged = new Set(keys);
        for (const key of changed) unchanged.delete(key);
        const aggregate = aggregateOf([
          ...hashes.filter((_, i) => unchanged.has(keys[i]!)),
          ...rows.map((r) => String(r[HASH])),
        ]);
        const next = afterPage(state.ranges, upper, last, aggregate, !full);
        state.scanned += page.length;
        if (last !== null) reached = last;
        await step(
          rows,
          { after: reached, done: false, scanned: state.scanned, rescanned: state.rescanned },
          async (tx) => {
            await this.runs.storeHashes(
              tx,
              state.tableId,
              rows.map((r) => String(r[KEY])),
              rows.map((r) => String(r[HASH])),
            );
            await this.ranges.save(tx, state.tableId, state.signature, next);
          },
        );
        state.ranges = next;
        if (!full) break;
      }
    } finally {
      if (pending) await pending.catch(() => undefined);
    }
    return reached;
  }

  private async fetch(session: WarehouseSession, plan: ReadPlan, keys: string[]): Promise<Row[]> {
    if (keys.length === 0) return [];
    const chunk = plan.dialect === 'postgres' ? keys.length : FETCH_CHUNK;
    const rows: Row[] = [];
    for (let i = 0; i < keys.length; i += chunk) {
      const statement = rowsByKeys(plan, keys.slice(i, i + chunk));
      rows.push(...(await session.query<Row>(statement.sql, statement.params)));
    }
    return rows;
  }
}
