#!/usr/bin/env node
// `npm test`: every tier, in order of speed, stopping at nothing so one run shows
// every failure. Tiers: lint, typecheck, unit, web unit, service (real Postgres), kafka (the
// event transport on a real Apache Kafka broker),
// fault (a seeded short run of the fault-injection tier), browser (real Chromium against the
// platform as `npm start` runs it).
import { spawn, spawnSync } from 'node:child_process';
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
  ['browser', 'npm', ['run', '--silent', 'test:e2e']],
].filter(([name]) => only.length === 0 || only.includes(name));

const env = {
  ...process.env,
  NX_DAEMON: 'false',
  NX_NO_CLOUD: 'true',
  NX_TUI: 'false',
  FORCE_COLOR: process.env.CI ? '0' : '1',
};
// Lint and typecheck are each one busy thread: they run side by side, their outputs printed in
// order once both are done. Every later tier runs alone (they use every core themselves).
const PAIRED = ['lint', 'typecheck'];
const buffered = (name, command, args) =>
  new Promise((resolveRun) => {
    const started = Date.now();
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) =>
      resolveRun({ name, ok: code === 0, seconds: Math.round((Date.now() - started) / 1000), output }),
    );
  });

const results = [];
const paired = tiers.filter(([name]) => PAIRED.includes(name));
if (paired.length > 1) {
  for (const run of await Promise.all(paired.map((tier) => buffered(...tier)))) {
    process.stdout.write(`\n=== ${run.name} ===\n`);
    for (const chunk of run.output) process.stdout.write(chunk);
    results.push({ name: run.name, ok: run.ok, seconds: run.seconds });
  }
}
for (const [name, command, args] of tiers) {
  if (paired.length > 1 && PAIRED.includes(name)) continue;
  const started = Date.now();
  process.stdout.write(`\n=== ${name} ===\n`);
  const run = spawnSync(command, args, { cwd: root, env, stdio: 'inherit' });
  results.push({ name, ok: run.status === 0, seconds: Math.round((Date.now() - started) / 1000) });
}

process.stdout.write('\n=== summary ===\n');
for (const { name, ok, seconds } of results)
  process.stdout.write(`${ok ? 'PASS' : 'FAIL'}  ${name} (${seconds} s)\n`);
const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
process.stdout.write(`tiers: ${passed} passed, ${failed} failed\n`);
process.exit(failed === 0 ? 0 : 1);
