#!/usr/bin/env node
// Browser tier: builds, starts the platform exactly as `npm start` does (own
// throwaway data folder and free ports, so a running dev instance is not
// disturbed), runs the browser tests against its one URL, then stops it.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPlatform } from './support/platform-process.mjs';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
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

let status = 1;
let platform;
try {
  platform = await startPlatform();
  const { baseUrl, databaseUrl, salesforce } = platform;
  // Asynchronous: the Salesforce fake answers from this process while the tests run.
  const jestEnv = {
    ...process.env,
    E2E_BASE_URL: baseUrl,
    E2E_DATABASE_URL: databaseUrl,
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
  if (status !== 0 && platform) console.error(`--- platform output ---\n${platform.output().slice(-8000)}`);
  await platform?.stop();
}
process.exit(status);
