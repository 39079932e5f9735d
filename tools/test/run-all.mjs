#!/usr/bin/env node
// `npm test`: every tier, in order of speed, stopping at nothing so one run shows
// every failure. Tiers: lint, typecheck, unit, web unit, service (real Postgres), kafka (the
// event transport on a real Apache Kafka broker),
// fault (a seeded short run of the fault-injection tier), schemathesis (generated requests from
// each service's OpenAPI document against the platform), browser (real Chromium against the
// platform as `npm start` runs it).
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const only = process.argv.slice(2);
const tiers = [
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['unit', 'npm', ['run', '--silent', 'test:unit']],
  ['web unit', 'npm', ['run', '--silent', 'test:web']],
  ['service', 'npm', ['run', '--silent', 'test:int']],
  ['kafka', 'npm', ['run', '--silent', 'test:kafka']],
  ['fault', 'npm', ['run', '--silent', 'test:fault']],
  ['schemathesis', 'npm', ['run', '--silent', 'test:schemathesis']],
  ['browser', 'npm', ['run', '--silent', 'test:e2e']],
].filter(([name]) => only.length === 0 || only.includes(name));

const env = {
  ...process.env,
  NX_DAEMON: 'false',
  NX_NO_CLOUD: 'true',
  NX_TUI: 'false',
  FORCE_COLOR: process.env.CI ? '0' : '1',
};
// Steps run one after another; the lanes of a step run side by side, each lane's tiers in order.
// Typecheck is one busy thread and lint's ESLint runs two (it takes the core typecheck leaves). The browser tier mostly waits on the platform and on
// scheduled syncs, and the Kafka tier on its broker (restarts, group sessions ending), so the last
// step's two lanes (each tier with its own processes, ports and databases) share the cores. The
// cores are then full: three lanes took as long as two (630 s), so the lanes are balanced by
// measured length instead (browser 434 + schemathesis 101 beside Kafka 386 + fault 2 seeds).
// The first lane of a step prints as it goes; the others once they are done.
const STEPS = [
  [['lint'], ['typecheck']],
  [['unit']],
  [['web unit']],
  [['service']],
  [
    ['browser', 'schemathesis'],
    ['kafka', 'fault'],
  ],
];
const byName = new Map(tiers.map((tier) => [tier[0], tier]));

function runTier([name, command, args], streamed) {
  return new Promise((resolveRun) => {
    const started = Date.now();
    if (streamed) process.stdout.write(`\n=== ${name} ===\n`);
    const child = spawn(command, args, {
      cwd: root,
      env,
      stdio: streamed ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) =>
      resolveRun({ name, ok: code === 0, seconds: Math.round((Date.now() - started) / 1000), output }),
    );
  });
}

async function runLane(names, streamed) {
  const runs = [];
  for (const name of names) runs.push(await runTier(byName.get(name), streamed));
  return runs;
}

const results = [];
for (const step of STEPS) {
  const lanes = step
    .map((names) => names.filter((name) => byName.has(name)))
    .filter((names) => names.length > 0);
  const done = await Promise.all(lanes.map((names, index) => runLane(names, index === 0)));
  for (const [index, runs] of done.entries()) {
    for (const run of runs) {
      if (index > 0) {
        process.stdout.write(`\n=== ${run.name} ===\n`);
        for (const chunk of run.output) process.stdout.write(chunk);
      }
      results.push({ name: run.name, ok: run.ok, seconds: run.seconds });
    }
  }
}

process.stdout.write('\n=== summary ===\n');
for (const { name, ok, seconds } of results)
  process.stdout.write(`${ok ? 'PASS' : 'FAIL'}  ${name} (${seconds} s)\n`);
const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
process.stdout.write(`tiers: ${passed} passed, ${failed} failed\n`);
process.exit(failed === 0 ? 0 : 1);
