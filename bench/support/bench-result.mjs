// The one way a benchmark hands its figures on: a `BENCH_RESULT {json}` line on stdout and, when
// BENCH_RESULTS_DIR is set, <dir>/<name>.json. `tools/bench/run-all.mjs` collects these and
// writes the README's table from them; a person reading the output sees the same figures.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, freemem, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';

export const RESULT_PREFIX = 'BENCH_RESULT ';

// Taken when the benchmark loads this module (its imports run first): the load the run started in.
// The runner passes the load it saw just before starting the process, which is earlier still.
const loadAtStart = parseLoad(process.env.BENCH_LOAD_START) ?? loadavg();

function parseLoad(text) {
  const values = text?.split(/[ ,]+/).map(Number);
  return values?.length === 3 && values.every(Number.isFinite) ? values : null;
}

const round = (n, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The machine a figure was measured on: without it a figure says little. */
export function machine() {
  const cores = cpus();
  return {
    cpu: cores[0]?.model.trim() ?? 'unknown',
    cores: cores.length,
    memoryGb: round(totalmem() / 1024 ** 3, 1),
    freeMemoryGb: round(freemem() / 1024 ** 3, 1),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
  };
}

const compare = {
  '>=': (a, b) => a >= b,
  '<=': (a, b) => a <= b,
  '<': (a, b) => a < b,
  '>': (a, b) => a > b,
};

/** A check is met when its value passes `op target`, or as it says when it has no target. */
function settle(check) {
  const met =
    check.met ??
    (check.op && typeof check.value === 'number' ? compare[check.op](check.value, check.target) : null);
  return { ...check, ...(typeof check.value === 'number' ? { value: round(check.value, 3) } : {}), met };
}

function figures(list = []) {
  return list.map((f) => ({ ...f, value: typeof f.value === 'number' ? round(f.value, 3) : f.value }));
}

/**
 * Prints and stores one benchmark's result. `ratios` are against the baseline measured in the same
 * run; `limits` are absolute targets (a rate, a time, nothing lost). Returns what it reported.
 */
export function reportBench(input) {
  const result = {
    name: input.name,
    status: 'measured',
    quick: process.env.BENCH_QUICK === '1',
    date: new Date().toISOString(),
    sizes: input.sizes ?? {},
    baseline: { description: input.baseline.description, figures: figures(input.baseline.figures) },
    figures: figures(input.figures),
    ratios: (input.ratios ?? []).map(settle),
    limits: (input.limits ?? []).map(settle),
    notes: input.notes ?? [],
    machine: machine(),
    load: { start: loadAtStart.map((l) => round(l)), end: loadavg().map((l) => round(l)) },
  };
  emit(result);
  return result;
}

/** A benchmark that cannot run here (a tool missing) says so instead of printing nothing. */
export function reportBenchSkipped(name, reason) {
  const result = {
    name,
    status: 'skipped',
    reason,
    quick: process.env.BENCH_QUICK === '1',
    date: new Date().toISOString(),
    machine: machine(),
    load: { start: loadAtStart.map((l) => round(l)), end: loadavg().map((l) => round(l)) },
  };
  emit(result);
  return result;
}

function emit(result) {
  const dir = process.env.BENCH_RESULTS_DIR;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${result.name}.json`), `${JSON.stringify(result, null, 2)}\n`);
  }
  process.stdout.write(`${RESULT_PREFIX}${JSON.stringify(result)}\n`);
}
