// The README's benchmark table, generated from data: bench/results.json holds the last full
// measurement of every benchmark (or, for a benchmark not re-measured since the table was hand
// written, its hand-written row), and each run of `npm run bench` updates the benchmarks it ran.
import { RESULT_PREFIX } from '../../bench/support/bench-result.mjs';

export const TABLE_START = '<!-- bench:table:start -->';
export const TABLE_END = '<!-- bench:table:end -->';
export const COLUMNS = ['benchmark', 'baseline', 'figures / ratio', 'target', 'machine', 'load', 'date'];

/** The last `BENCH_RESULT` line of a benchmark's output, or null. */
export function parseResultLine(output) {
  const lines = output.split('\n').filter((line) => line.startsWith(RESULT_PREFIX));
  if (lines.length === 0) return null;
  return JSON.parse(lines.at(-1).slice(RESULT_PREFIX.length));
}

/** A benchmark that ended without a result: failed, timed out, or exited without reporting. */
export function failureEntry(name, { status, exitCode = null, signal = null, seconds, date, quick, log }) {
  return { name, status, exitCode, signal, seconds: Math.round(seconds), date, quick, log };
}

const good = (entry) => entry && (entry.status === 'measured' || entry.status === 'seeded');

/**
 * The store after a full run: a measured result replaces the entry; a failure or a skip replaces
 * it too, keeping the last good entry under `previous` so the table can say how old it is.
 * Quick results never enter the store: their sizes are not the benchmark's.
 */
export function mergeResults(store, results) {
  const benchmarks = { ...store.benchmarks };
  for (const result of results) {
    if (result.quick) throw new Error(`${result.name}: a quick result never replaces a full measurement`);
    const old = benchmarks[result.name];
    benchmarks[result.name] = good(result)
      ? result
      : { ...result, previous: good(old) ? old : (old?.previous ?? null) };
  }
  return { ...store, benchmarks };
}

const escape = (text) => String(text).replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function formatNumber(value) {
  if (typeof value !== 'number') return String(value);
  const abs = Math.abs(value);
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : 2;
  return value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
}

const unit = (u) => (!u ? '' : u === 'x' ? 'x' : ` ${u}`);
const figure = (f) => `${f.label} ${formatNumber(f.value)}${unit(f.unit)}`;

/** A ratio's value is in the figures already; a limit shows its value beside its target. */
function check(c) {
  const verdict = c.met === true ? 'met' : c.met === false ? '**not met**' : 'no verdict';
  if (c.op === undefined) return `${c.label}: ${verdict}`;
  const target = `${c.op} ${formatNumber(c.target)}${unit(c.ratio ? 'x' : c.unit)}`;
  if (c.ratio || c.value === undefined) return `${c.label} ${target}: ${verdict}`;
  return `${c.label} ${formatNumber(c.value)}${unit(c.unit)}, target ${target}: ${verdict}`;
}

/** Neighbouring checks held to the same target with the same verdict share one phrase. */
function grouped(checks) {
  const groups = [];
  for (const c of checks) {
    const last = groups.at(-1);
    const same =
      last &&
      c.op !== undefined &&
      last.op === c.op &&
      last.target === c.target &&
      last.unit === c.unit &&
      last.ratio === c.ratio &&
      last.met === c.met;
    if (same) last.label = `${last.label}, ${c.label}`;
    else groups.push({ ...c });
  }
  return groups;
}

const utc = (iso) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
const sizes = (s = {}) =>
  Object.entries(s)
    .map(([key, value]) => `${key} ${formatNumber(value)}`)
    .join(', ');

export function machineText(m) {
  return `${m.cpu}, ${m.cores} cores, ${formatNumber(m.memoryGb)} GB, Node ${m.node}`;
}

export function loadText(load) {
  const one = (values) => formatNumber(values[0]);
  return `${one(load.start)} at start, ${one(load.end)} at end (1 min)`;
}

/** The cells of one measured result. */
function measuredCells(r) {
  const ratios = (r.ratios ?? []).map((c) => ({ ...c, ratio: true }));
  return {
    benchmark: [`\`bench/${r.name}\``, sizes(r.sizes)].filter(Boolean).join(', '),
    baseline: [r.baseline.description, r.baseline.figures.map(figure).join(', ')].filter(Boolean).join(': '),
    figures: [
      ...(r.figures ?? []).map(figure),
      ...ratios.map((c) => `${c.label} ${formatNumber(c.value)}x`),
    ].join('; '),
    target: [...grouped(ratios), ...(r.limits ?? [])].map(check).join('; ') || 'none',
    machine: machineText(r.machine),
    load: loadText(r.load),
    date: r.quick ? `${utc(r.date)}, **quick run, not a full measurement**` : utc(r.date),
  };
}

/** The cells of the last good entry, for a row whose latest run did not measure. */
function previousText(previous) {
  if (!previous) return 'no earlier measurement';
  const cells = previous.status === 'seeded' ? previous.cells : measuredCells(previous);
  return `last good figures (${cells.date}): ${cells.figures}`;
}

export function rowCells(entry) {
  if (entry.status === 'seeded') return entry.cells;
  if (entry.status === 'measured') return measuredCells(entry);
  const why =
    entry.status === 'skipped'
      ? `**skipped**: ${entry.reason}`
      : entry.status === 'timed out'
        ? `**timed out** after ${entry.seconds} s`
        : entry.status === 'no result'
          ? `**no result**: exited ${entry.exitCode} after ${entry.seconds} s without reporting`
          : `**failed**: exit code ${entry.exitCode ?? entry.signal} after ${entry.seconds} s`;
  const previous = entry.previous;
  return {
    benchmark: `\`bench/${entry.name}\``,
    baseline: previous ? rowCells(previous).baseline : '',
    figures: `${why}${entry.log ? ` (log: \`${entry.log}\`)` : ''}. Not measured in this run; ${previousText(previous)}`,
    target: 'not measured',
    machine: entry.machine ? machineText(entry.machine) : '',
    load: entry.load ? loadText(entry.load) : '',
    date: `${utc(entry.date)}${entry.quick ? ', quick run' : ''}`,
  };
}

export function renderRow(entry) {
  const c = rowCells(entry);
  return `| ${[c.benchmark, c.baseline, c.figures, c.target, c.machine, c.load, c.date].map(escape).join(' | ')} |`;
}

/** The table, in the given order of benchmark names (others after them, by name). */
export function renderTable(store, order = []) {
  const names = Object.keys(store.benchmarks);
  const sorted = [
    ...order.filter((n) => names.includes(n)),
    ...names.filter((n) => !order.includes(n)).sort(),
  ];
  return [
    `| ${COLUMNS.join(' | ')} |`,
    `| ${COLUMNS.map(() => '---').join(' | ')} |`,
    ...sorted.map((name) => renderRow(store.benchmarks[name])),
  ].join('\n');
}

/** The text with everything between the markers replaced by the table; the markers must exist once. */
export function replaceBetweenMarkers(text, table) {
  const start = text.indexOf(TABLE_START);
  const end = text.indexOf(TABLE_END);
  if (start < 0 || end < 0 || end < start || text.indexOf(TABLE_START, start + 1) >= 0)
    throw new Error(`expected one ${TABLE_START} ... ${TABLE_END} pair`);
  return `${text.slice(0, start + TABLE_START.length)}\n${table}\n${text.slice(end)}`;
}
