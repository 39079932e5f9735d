#!/usr/bin/env node
// `npm test`: every tier, in order of speed, stopping at nothing so one run shows
// every failure. Tiers: lint, typecheck, unit, web unit, service (real Postgres), kafka (the
// event transport on a real Apache Kafka broker),
// fault (a seeded short run of the fault-injection tier), browser (real Chromium against the
// platform as `npm start` runs it).
import { spawnSync } from 'node:child_process';
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
const results = [];
for (const [name, command, args] of tiers) {
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
