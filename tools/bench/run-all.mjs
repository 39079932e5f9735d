#!/usr/bin/env node
// Runs the benchmarks in bench/ (all, or those named), each in its own process with a timeout, and
// writes the README's table from their results.
//
//   npm run bench                         every benchmark at full size; updates bench/results.json + README
//   npm run bench -- send tracking        only these
//   npm run bench -- --quick              reduced sizes, a smoke check: printed and kept in bench/out/,
//                                         never written to bench/results.json or the README
//   npm run bench -- --no-write           full sizes, results kept in bench/out/ only
//   npm run bench -- --render             no run: the README's table again from bench/results.json
//   --timeout <minutes>                   per benchmark (default: each benchmark's own)
//   --no-build                            skip building the server code first
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machine } from '../../bench/support/bench-result.mjs';
import { BENCHMARKS } from './benchmarks.mjs';
import {
  failureEntry,
  mergeResults,
  parseResultLine,
  renderTable,
  replaceBetweenMarkers,
} from './results-table.mjs';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const STORE = join(root, 'bench/results.json');
const README = join(root, 'README.md');
const ORDER = BENCHMARKS.map((b) => b.name);

function parseArgs(argv) {
  const options = {
    names: [],
    quick: process.env.BENCH_QUICK === '1',
    write: true,
    render: false,
    build: true,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--quick') options.quick = true;
    else if (arg === '--no-write') options.write = false;
    else if (arg === '--render') options.render = true;
    else if (arg === '--no-build') options.build = false;
    else if (arg === '--timeout') options.timeoutMinutes = Number(argv[++i]);
    else if (arg.startsWith('--')) throw new Error(`unknown option ${arg}`);
    else options.names.push(arg);
  }
  const unknown = options.names.filter((name) => !ORDER.includes(name));
  if (unknown.length) throw new Error(`no benchmark ${unknown.join(', ')}; there are: ${ORDER.join(', ')}`);
  // Quick figures are not the benchmark's: they never reach the committed results or the README.
  if (options.quick) options.write = false;
  return options;
}

const readStore = () => (existsSync(STORE) ? JSON.parse(readFileSync(STORE, 'utf8')) : { benchmarks: {} });

function writeTable(store) {
  const text = readFileSync(README, 'utf8');
  writeFileSync(README, replaceBetweenMarkers(text, renderTable(store, ORDER)));
}

/** One Postgres for every benchmark of the run, unless DATABASE_URL names one. */
async function postgres() {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => undefined };
  const { startEmbeddedPostgres, freePort } = await import('../postgres/embedded.mjs');
  const dataDir = join(tmpdir(), `meridian-bench-pg-${process.pid}`);
  const pg = await startEmbeddedPostgres({ dataDir, port: await freePort(), persistent: false });
  return {
    url: pg.url('postgres'),
    stop: async () => {
      await pg.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs one benchmark in its own process group (it starts services of its own), output teed to a log. */
function runOne(bench, { quick, timeoutMinutes, databaseUrl, outDir }) {
  const log = join(outDir, `${bench.name}.log`);
  const resultsDir = join(outDir, 'results');
  const args = bench.entry.endsWith('.ts')
    ? ['-r', './libs/testing/src/register-ts.cjs', bench.entry]
    : [bench.entry];
  const load = loadavg();
  const started = Date.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      ...(quick ? bench.quick : {}),
      DATABASE_URL: databaseUrl,
      BENCH_QUICK: quick ? '1' : '0',
      BENCH_RESULTS_DIR: resultsDir,
      BENCH_LOAD_START: load.join(' '),
    },
  });
  const file = createWriteStream(log);
  let output = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk) => {
      const text = chunk.toString();
      if (stream === child.stdout) output += text;
      process.stdout.write(text);
      file.write(text);
    });
  }
  const minutes = timeoutMinutes ?? bench.timeoutMinutes;
  let timedOut = false;
  const kill = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  };
  const timer = setTimeout(() => {
    timedOut = true;
    kill('SIGTERM');
    setTimeout(() => kill('SIGKILL'), 15_000).unref();
  }, minutes * 60_000);
  current = { kill };
  return new Promise((done) => {
    child.on('close', (exitCode, signal) => {
      clearTimeout(timer);
      current = null;
      file.end();
      const seconds = (Date.now() - started) / 1000;
      const resultFile = join(resultsDir, `${bench.name}.json`);
      const result = existsSync(resultFile)
        ? JSON.parse(readFileSync(resultFile, 'utf8'))
        : parseResultLine(output);
      const base = { seconds, date: new Date().toISOString(), quick, log: relative(root, log) };
      const failure = timedOut
        ? failureEntry(bench.name, { status: 'timed out', ...base })
        : !result
          ? failureEntry(bench.name, {
              status: exitCode === 0 ? 'no result' : 'failed',
              exitCode,
              signal,
              ...base,
            })
          : null;
      // A result with a non-zero exit is a measurement that missed a target: the row says which.
      done(failure ? { ...failure, machine: machine(), load: { start: load, end: loadavg() } } : result);
    });
  });
}

let current = null;

async function main() {
  const options = parseArgs(process.argv.slice(2));
  if (options.render) {
    writeTable(readStore());
    console.log(`README table written from ${relative(root, STORE)}`);
    return;
  }
  const selected = BENCHMARKS.filter((b) => options.names.length === 0 || options.names.includes(b.name));
  const runId = new Date().toISOString().replace(/[:.]/g, '-');
  const outDir = join(root, 'bench/out', `${runId}${options.quick ? '-quick' : ''}`);
  mkdirSync(outDir, { recursive: true });
  if (options.build) {
    const built = spawnSync(process.execPath, ['tools/build/build-server.mjs'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (built.status !== 0) throw new Error('the server code did not build');
  }
  const pg = await postgres();
  const stop = async (signal) => {
    current?.kill('SIGKILL');
    await pg.stop();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const entries = [];
  try {
    for (const bench of selected) {
      console.log(`\n=== bench/${bench.name}${options.quick ? ' (quick)' : ''} ===`);
      const entry = await runOne(bench, { ...options, databaseUrl: pg.url, outDir });
      entries.push(entry);
      console.log(`=== bench/${bench.name}: ${entry.status} ===`);
      // After each benchmark, so a long run that is stopped keeps what it measured.
      if (options.write) {
        const store = mergeResults(readStore(), [entry]);
        writeFileSync(STORE, `${JSON.stringify(store, null, 2)}\n`);
        writeTable(store);
      }
    }
  } finally {
    await pg.stop();
  }
  // This run's rows alone; a quick row says so in its date column.
  const table = renderTable({ benchmarks: Object.fromEntries(entries.map((e) => [e.name, e])) }, ORDER);
  writeFileSync(join(outDir, 'table.md'), `${table}\n`);
  console.log(`\n${table}\n`);
  console.log(
    options.write
      ? `written: ${relative(root, STORE)} and the README's table; logs in ${relative(root, outDir)}`
      : `not written to the README (${options.quick ? 'quick run' : '--no-write'}); table and logs in ${relative(root, outDir)}`,
  );
  if (entries.some((e) => e.status !== 'measured')) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
