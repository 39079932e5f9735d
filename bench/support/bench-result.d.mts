// Types of bench-result.mjs for the TypeScript benchmarks and tests.

export const RESULT_PREFIX: string;

export type Op = '>=' | '<=' | '<' | '>';

/** A measured figure: a time, a rate, a size. */
export interface Figure {
  label: string;
  value: number | string;
  unit?: string;
}

/** A figure with a target. Without op/target, `met` says whether it holds (e.g. nothing lost). */
export interface Check {
  label: string;
  value?: number | string;
  unit?: string;
  op?: Op;
  target?: number;
  met?: boolean;
}

export interface Machine {
  cpu: string;
  cores: number;
  memoryGb: number;
  freeMemoryGb: number;
  node: string;
  platform: string;
}

export interface BenchInput {
  name: string;
  sizes?: Record<string, number | string>;
  baseline: { description: string; figures?: Figure[] };
  figures?: Figure[];
  ratios?: Check[];
  limits?: Check[];
  notes?: string[];
}

export interface BenchResult {
  name: string;
  status: 'measured' | 'skipped';
  quick: boolean;
  date: string;
  reason?: string;
  sizes?: Record<string, number | string>;
  baseline?: { description: string; figures: Figure[] };
  figures?: Figure[];
  ratios?: (Check & { met: boolean | null })[];
  limits?: (Check & { met: boolean | null })[];
  notes?: string[];
  machine: Machine;
  load: { start: number[]; end: number[] };
}

export function machine(): Machine;
export function reportBench(input: BenchInput): BenchResult;
export function reportBenchSkipped(name: string, reason: string): BenchResult;
