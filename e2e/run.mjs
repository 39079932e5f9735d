#!/usr/bin/env node
// Browser tier: builds, starts the platform exactly as `npm start` does (own
// throwaway data folder and free ports, so a running dev instance is not
// disturbed), runs the browser tests against its one URL, then stops it.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../tools/postgres/ports.mjs';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const dataDir = mkdtempSync(join(tmpdir(), 'meridian-e2e-'));
const [port, pgPort, smtpPort, base] = [
  await freePort(),
  await freePort(),
  await freePort(),
  20000 + Math.floor(Math.random() * 20000),
];
const baseUrl = `http://localhost:${port}`;
/**
 * The files of the second lane (see below), as Jest path patterns: the scheduled syncs' files, then
 * files that sign up organisations of their own (never the demo organisation other files change).
 */
const SECOND_LANE = [
  'e2e/tests/salesforce/',
  'e2e/tests/crm-data/',
  'e2e/tests/connections/',
  'e2e/tests/segment/',
  'e2e/tests/auth/sso-',
  'e2e/tests/auth/forgot-password',
  'e2e/tests/auth/register-and-verify',
  'e2e/tests/settings/email-settings',
  'e2e/tests/platform.e2e',
  'e2e/tests/platform/assets',
];

// The Salesforce org the platform connects to: the fake of libs/testing (TypeScript, compiled on
// load as the Kafka tier's main does), on its own loopback port, up before the platform starts.
const require = createRequire(import.meta.url);
require('../libs/testing/src/register-ts.cjs');
const { startSalesforcePeer } = require('./support/salesforce-peer.ts');
const salesforce = await startSalesforcePeer();

const env = {
  ...process.env,
  PORT: String(port),
  EMBEDDED_PG_PORT: String(pgPort),
  MAIL_CAPTURE_PORT: String(smtpPort),
  SERVICE_PORT_BASE: String(base),
  MERIDIAN_DATA_DIR: dataDir,
  PUBLIC_BASE_URL: baseUrl,
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  // The webhook tests' receiver listens on 127.0.0.2; every other internal address stays refused.
  OUTBOUND_ALLOWED_HOSTS: process.env.OUTBOUND_ALLOWED_HOSTS ?? '127.0.0.2',
  SALESFORCE_LOGIN_URL: salesforce.url,
  SALESFORCE_CLIENT_ID: salesforce.clientId,
  SALESFORCE_CLIENT_SECRET: salesforce.clientSecret,
};
// With DATABASE_URL the platform would share that database with other runs: give it its own.
if (process.env.DATABASE_URL) {
  const name = `meridian_e2e_${process.pid}`;
  const admin = process.env.DATABASE_URL;
  spawnSync('psql', [admin, '-c', `CREATE DATABASE ${name}`], { stdio: 'ignore' });
  const url = new URL(admin);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
}

const platform = spawn(process.execPath, [join(root, 'tools/launcher/start.mjs')], {
  cwd: root,
  env,
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
const ready = new Promise((resolveReady, reject) => {
  const onData = (chunk) => {
    output += chunk.toString();
    if (output.includes('Meridian is up on')) resolveReady();
  };
  platform.stdout.on('data', onData);
  platform.stderr.on('data', onData);
  platform.on('exit', (code) =>
    reject(new Error(`platform exited with ${code} before it was up:\n${output}`)),
  );
  setTimeout(() => reject(new Error(`platform not up after 240 s:\n${output}`)), 240_000);
});

let status = 1;
try {
  await ready;
  // Asynchronous: the Salesforce fake answers from this process while the tests run.
  const jestEnv = {
    ...process.env,
    E2E_BASE_URL: baseUrl,
    E2E_DATABASE_URL: env.DATABASE_URL ?? `postgres://postgres:postgres@127.0.0.1:${pgPort}/meridian`,
    E2E_SALESFORCE_URL: salesforce.url,
    E2E_SALESFORCE_ADMIN_URL: salesforce.adminUrl,
  };
  const jest = (args, stdio) =>
    spawn(
      process.execPath,
      [join(root, 'node_modules/jest/bin/jest.js'), '-c', 'e2e/jest.config.cjs', ...args],
      {
        cwd: root,
        env: jestEnv,
        stdio,
      },
    );
  const exitOf = (child) => new Promise((done) => child.on('exit', (code) => done(code ?? 1)));
  const chosen = process.argv.slice(2);
  if (chosen.length > 0) {
    status = await exitOf(jest(chosen, 'inherit'));
  } else {
    // The whole tier in two lanes side by side. The Salesforce and warehouse files spend most of
    // their time waiting for scheduled sync runs (the shortest schedule is a minute) and share the
    // one Salesforce org, so they run one after another in the second lane, with the other files
    // that have organisations of their own; the files on the demo organisation stay in the main
    // lane, one at a time. The second lane's output follows in one block.
    const second = jest(SECOND_LANE, ['ignore', 'pipe', 'pipe']);
    let secondOutput = '';
    second.stdout.on('data', (chunk) => (secondOutput += chunk.toString()));
    second.stderr.on('data', (chunk) => (secondOutput += chunk.toString()));
    const secondDone = exitOf(second).then((code) => {
      process.stderr.write(`\n--- second lane ---\n${secondOutput}--- end of second lane ---\n`);
      return code;
    });
    const mainLane = jest(['--testPathIgnorePatterns', ...SECOND_LANE], 'inherit');
    const codes = await Promise.all([exitOf(mainLane), secondDone]);
    status = codes.every((code) => code === 0) ? 0 : 1;
  }
} catch (error) {
  console.error(error.message);
} finally {
  await new Promise((done) => {
    if (platform.exitCode !== null) return done();
    platform.once('exit', done);
    platform.kill('SIGINT');
    setTimeout(() => platform.kill('SIGKILL'), 20_000).unref();
  });
  await salesforce.stop();
  if (status !== 0) console.error(`--- platform output ---\n${output.slice(-8000)}`);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(status);
