import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BenchResult, reportBench, RESULT_PREFIX } from '../../bench/support/bench-result.mjs';
import {
  type Entry,
  failureEntry,
  mergeResults,
  parseResultLine,
  renderRow,
  renderTable,
  replaceBetweenMarkers,
  rowCells,
  type SeededEntry,
  type Store,
  TABLE_END,
  TABLE_START,
} from './results-table.mjs';

const machine = {
  cpu: 'Test CPU',
  cores: 2,
  memoryGb: 7.8,
  freeMemoryGb: 3,
  node: 'v20.0.0',
  platform: 'linux x64',
};

function measured(overrides: Partial<BenchResult> = {}): BenchResult {
  return {
    name: 'send',
    status: 'measured',
    quick: false,
    date: '2026-11-27T03:10:00.000Z',
    sizes: { persons: 100000 },
    baseline: {
      description: 'pooled nodemailer',
      figures: [{ label: 'raw', value: 1312.4, unit: 'msg/s' }],
    },
    figures: [{ label: 'mailer', value: 769, unit: 'msg/s' }],
    ratios: [{ label: 'mailer / raw', value: 0.586, op: '>=', target: 0.5, met: true }],
    limits: [
      { label: 'rate', value: 769, unit: 'msg/s', op: '>=', target: 2000, met: false },
      { label: 'nothing lost', met: true },
    ],
    notes: [],
    machine,
    load: { start: [2.5, 2, 1.5], end: [3.25, 2.1, 1.6] },
    ...overrides,
  };
}

const seeded: SeededEntry = {
  name: 'send',
  status: 'seeded',
  cells: {
    benchmark: '`bench/send`, 100,000 persons',
    baseline: 'pooled nodemailer',
    figures: '0.59x (769 vs 1,312 msg/s)',
    target: '>= 0.5x',
    machine: '2 cores',
    load: 'load average 2-3',
    date: '2026-11-26 (hand-written row)',
  },
};

describe('benchmark results table', () => {
  it('takes the last result line of a benchmark output, and nothing from output without one', () => {
    const first = measured({ figures: [{ label: 'mailer', value: 1 }] });
    const last = measured();
    const output = [
      'generated 100000 persons: 12.0 s',
      `${RESULT_PREFIX}${JSON.stringify(first)}`,
      'some log line mentioning BENCH_RESULT in the middle',
      `${RESULT_PREFIX}${JSON.stringify(last)}`,
      '',
    ].join('\n');
    expect(parseResultLine(output)).toEqual(last);
    expect(parseResultLine('no result here\nBENCH_RESULTS are elsewhere\n')).toBeNull();
  });

  it('renders a measured row: sizes, baseline, figures and ratios, each target met or not, machine, load, date', () => {
    const cells = rowCells(measured());
    expect(cells.benchmark).toBe('`bench/send`, persons 100,000');
    expect(cells.baseline).toBe('pooled nodemailer: raw 1,312 msg/s');
    expect(cells.figures).toBe('mailer 769 msg/s; mailer / raw 0.59x');
    expect(cells.target).toBe(
      'mailer / raw >= 0.5x: met; rate 769 msg/s, target >= 2,000 msg/s: **not met**; nothing lost: met',
    );
    expect(cells.machine).toBe('Test CPU, 2 cores, 7.8 GB, Node v20.0.0');
    expect(cells.load).toBe('2.5 at start, 3.25 at end (1 min)');
    expect(cells.date).toBe('2026-11-27 03:10 UTC');
    expect(renderRow(measured())).toMatch(/^\| `bench\/send`.* \| 2026-11-27 03:10 UTC \|$/);
  });

  it('says once which neighbouring checks share a target and a verdict', () => {
    const ratio = (label: string, value: number, met: boolean) =>
      ({ label, value, op: '<=', target: 1.2, met }) as const;
    const cells = rowCells(
      measured({
        ratios: [ratio('aggregate', 1.5, false), ratio('list', 1.4, false), ratio('links', 1.1, true)],
        limits: [{ label: 'p95', value: 1.3, op: '<=', target: 1.2, met: false }],
      }),
    );
    expect(cells.target).toBe(
      'aggregate, list <= 1.2x: **not met**; links <= 1.2x: met; p95 1.3, target <= 1.2: **not met**',
    );
    expect(cells.figures).toBe('mailer 769 msg/s; aggregate 1.5x; list 1.4x; links 1.1x');
  });

  it('marks a quick result as such, and never lets one replace a full measurement', () => {
    expect(rowCells(measured({ quick: true })).date).toContain('**quick run, not a full measurement**');
    const store: Store = { benchmarks: { send: seeded } };
    expect(() => mergeResults(store, [measured({ quick: true })])).toThrow(/quick/);
    expect(store.benchmarks.send).toBe(seeded);
  });

  it('escapes pipes so a figure cannot split a row', () => {
    const row = renderRow(measured({ figures: [{ label: 'a | b', value: 1 }] }));
    expect(row).toContain('a \\| b 1');
    expect(row.split(/(?<!\\)\|/).length).toBe(9);
  });

  it('replaces a measured entry with a newer one, and keeps hand-written rows of benchmarks not run', () => {
    const store: Store = { benchmarks: { send: seeded, render: { ...seeded, name: 'render' } } };
    const next = mergeResults(store, [measured()]);
    expect(next.benchmarks.send).toEqual(measured());
    expect(next.benchmarks.render).toBe(store.benchmarks.render);
    expect(renderTable(next, ['send', 'render']).split('\n')).toEqual([
      '| benchmark | baseline | figures / ratio | target | machine | load | date |',
      '| --- | --- | --- | --- | --- | --- | --- |',
      renderRow(measured()),
      renderRow(seeded),
    ]);
  });

  it('gives a failed benchmark a row that says so, with the last good figures and their date', () => {
    const failed = failureEntry('send', {
      status: 'failed',
      exitCode: 1,
      seconds: 312.4,
      date: '2026-11-27T03:40:00.000Z',
      quick: false,
      log: 'bench/out/run/send.log',
    });
    const store = mergeResults({ benchmarks: { send: measured() } }, [failed]);
    const cells = rowCells(store.benchmarks.send!);
    expect(cells.figures).toBe(
      '**failed**: exit code 1 after 312 s (log: `bench/out/run/send.log`). Not measured in this run; ' +
        'last good figures (2026-11-27 03:10 UTC): mailer 769 msg/s; mailer / raw 0.59x',
    );
    expect(cells.target).toBe('not measured');
    expect(cells.date).toBe('2026-11-27 03:40 UTC');
    expect(cells.baseline).toBe('pooled nodemailer: raw 1,312 msg/s');

    // A second failure still points at the last good measurement, not at the first failure.
    const timedOut = failureEntry('send', {
      status: 'timed out',
      seconds: 3600,
      date: '2026-11-28T03:40:00.000Z',
      quick: false,
    });
    const again = mergeResults(store, [timedOut]);
    expect(rowCells(again.benchmarks.send!).figures).toBe(
      '**timed out** after 3600 s. Not measured in this run; last good figures (2026-11-27 03:10 UTC): ' +
        'mailer 769 msg/s; mailer / raw 0.59x',
    );
  });

  it('says when a failed benchmark has no earlier figures, or ended without reporting, or was skipped', () => {
    const base = { seconds: 5, date: '2026-11-27T03:40:00.000Z', quick: true };
    const none = mergeResults({ benchmarks: {} }, [
      { ...failureEntry('web', { status: 'no result', exitCode: 0, ...base }), quick: false },
    ]);
    expect(rowCells(none.benchmarks.web!).figures).toBe(
      '**no result**: exited 0 after 5 s without reporting. Not measured in this run; no earlier measurement',
    );
    const skipped: Entry = {
      ...measured({ name: 'ingest', status: 'skipped' }),
      reason: 'wrk is not installed',
    };
    const after = mergeResults({ benchmarks: { ingest: { ...seeded, name: 'ingest' } } }, [skipped]);
    expect(rowCells(after.benchmarks.ingest!).figures).toBe(
      '**skipped**: wrk is not installed. Not measured in this run; last good figures ' +
        '(2026-11-26 (hand-written row)): 0.59x (769 vs 1,312 msg/s)',
    );
    expect(rowCells(failureEntry('web', { status: 'failed', exitCode: 2, ...base })).date).toBe(
      '2026-11-27 03:40 UTC, quick run',
    );
  });

  it('replaces only what lies between the markers', () => {
    const readme = `# Title\n\nintro\n${TABLE_START}\n| old | table |\n${TABLE_END}\n\nafter\n`;
    expect(replaceBetweenMarkers(readme, '| new |')).toBe(
      `# Title\n\nintro\n${TABLE_START}\n| new |\n${TABLE_END}\n\nafter\n`,
    );
    expect(() => replaceBetweenMarkers('# no markers', '| new |')).toThrow(/expected one/);
    expect(() => replaceBetweenMarkers(`${TABLE_END}\n${TABLE_START}`, 'x')).toThrow(/expected one/);
    expect(() => replaceBetweenMarkers(`${readme}${TABLE_START}`, 'x')).toThrow(/expected one/);
  });

  it('reports a result on stdout and into the results folder, with machine, load and verdicts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-result-'));
    const saved = { dir: process.env.BENCH_RESULTS_DIR, quick: process.env.BENCH_QUICK };
    process.env.BENCH_RESULTS_DIR = dir;
    process.env.BENCH_QUICK = '1';
    const written: string[] = [];
    const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    try {
      const result = reportBench({
        name: 'probe',
        sizes: { rows: 10 },
        baseline: { description: 'bare', figures: [{ label: 'bare', value: 2, unit: 's' }] },
        figures: [{ label: 'product', value: 4.12345, unit: 's' }],
        ratios: [{ label: 'bare / product', value: 0.5, op: '>=', target: 0.8 }],
        limits: [
          { label: 'time', value: 4.12345, unit: 's', op: '<', target: 10 },
          { label: 'same rows', met: false },
        ],
      });
      expect(result.quick).toBe(true);
      expect(result.figures).toEqual([{ label: 'product', value: 4.123, unit: 's' }]);
      expect(result.ratios!.map((c) => c.met)).toEqual([false]);
      expect(result.limits!.map((c) => c.met)).toEqual([true, false]);
      expect(result.machine.cores).toBeGreaterThan(0);
      expect(result.load.start).toHaveLength(3);
      expect(result.load.end).toHaveLength(3);
      expect(parseResultLine(written.join(''))).toEqual(result);
      expect(JSON.parse(readFileSync(join(dir, 'probe.json'), 'utf8'))).toEqual(result);
    } finally {
      spy.mockRestore();
      process.env.BENCH_RESULTS_DIR = saved.dir;
      process.env.BENCH_QUICK = saved.quick;
      if (saved.dir === undefined) delete process.env.BENCH_RESULTS_DIR;
      if (saved.quick === undefined) delete process.env.BENCH_QUICK;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
