// The platform exactly as `npm start` runs it, for a test tier: own throwaway data folder and free
// ports (a running dev instance is not disturbed), the Salesforce fake it connects to, one URL.
// The browser tier (e2e/run.mjs) and the schemathesis tier start it through here.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { passwordFileOf } from '../../tools/postgres/embedded.mjs';
import { freePort, servicePortBase } from '../../tools/postgres/ports.mjs';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/**
 * Starts the platform and resolves once it is up: `{ baseUrl, databaseUrl, salesforce, output(),
 * stop() }`. `env` adds settings for the platform's processes.
 */
export async function startPlatform({ env: extra = {} } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'meridian-e2e-'));
  const [port, pgPort, smtpPort, base] = [
    await freePort(),
    await freePort(),
    await freePort(),
    servicePortBase(),
  ];
  const baseUrl = `http://localhost:${port}`;

  // The Salesforce org the platform connects to: the fake of libs/testing (TypeScript, compiled on
  // load as the Kafka tier's main does), on its own loopback port, up before the platform starts.
  const require = createRequire(import.meta.url);
  require('../../libs/testing/src/register-ts.cjs');
  const { startSalesforcePeer } = require('./salesforce-peer.ts');
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
    ...extra,
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
  const stop = async () => {
    await new Promise((done) => {
      if (platform.exitCode !== null) return done();
      platform.once('exit', done);
      platform.kill('SIGINT');
      setTimeout(() => platform.kill('SIGKILL'), 20_000).unref();
    });
    await salesforce.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
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
    setTimeout(() => reject(new Error(`platform not up after 240 s:\n${output}`)), 240_000).unref();
  });
  try {
    await ready;
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    baseUrl,
    databaseUrl:
      env.DATABASE_URL ??
      `postgres://postgres:${readFileSync(passwordFileOf(join(dataDir, 'postgres')), 'utf8').trim()}@127.0.0.1:${pgPort}/meridian`,
    salesforce,
    output: () => output,
    stop,
  };
}
