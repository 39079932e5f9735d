// Types of results-table.mjs for the TypeScript tests.
import type { BenchResult, Machine } from '../../bench/support/bench-result.mjs';

export const TABLE_START: string;
export const TABLE_END: string;
export const COLUMNS: string[];

export interface Cells {
  benchmark: string;
  baseline: string;
  figures: string;
  target: string;
  machine: string;
  load: string;
  date: string;
}

export interface SeededEntry {
  name: string;
  status: 'seeded';
  cells: Cells;
}

export interface FailureEntry {
  name: string;
  status: 'failed' | 'timed out' | 'no result';
  exitCode: number | null;
  signal: string | null;
  seconds: number;
  date: string;
  quick: boolean;
  log?: string;
  machine?: Machine;
  load?: { start: number[]; end: number[] };
  previous?: Entry | null;
}

export type Entry = BenchResult | SeededEntry | FailureEntry | (BenchResult & { previous?: Entry | null });

export interface Store {
  benchmarks: Record<string, Entry>;
}

export function parseResultLine(output: string): BenchResult | null;
export function failureEntry(
  name: string,
  failure: {
    status: FailureEntry['status'];
    exitCode?: number | null;
    signal?: string | null;
    seconds: number;
    date: string;
    quick: boolean;
    log?: string;
  },
): FailureEntry;
export function mergeResults(store: Store, results: Entry[]): Store;
export function formatNumber(value: number | string): string;
export function machineText(machine: Machine): string;
export function loadText(load: { start: number[]; end: number[] }): string;
export function rowCells(entry: Entry): Cells;
export function renderRow(entry: Entry): string;
export function renderTable(store: Store, order?: string[]): string;
export function replaceBetweenMarkers(text: string, table: string): string;
