#!/usr/bin/env node
// The web bench: initial JavaScript (gzip) of the login and contacts pages against a bare React +
// Mantine shell built in the same run, and Lighthouse (mobile) performance and accessibility of
// both pages. Starts the platform as `npm start` does, on free ports with a throwaway data folder.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { freePort, servicePortBase } from '../../tools/postgres/ports.mjs';
import { reportBench } from '../support/bench-result.mjs';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const TARGET_RATIO = 1.6;
const TARGET_PERFORMANCE = 90;
const TARGET_ACCESSIBILITY = 95;
const ADMIN = { email: 'admin@demo.meridian.dev', password: 'meridian-demo' };

const gzipBytes = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** The shell, built now with the app's Vite: the sum of its JavaScript, gzipped. */
function buildShell(work) {
  const outDir = join(work, 'shell');
  const built = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--config',
      join(root, 'bench/web/shell/vite.config.mjs'),
      '--outDir',
      outDir,
    ],
    { cwd: root, stdio: 'inherit' },
  );
  if (built.status !== 0) throw new Error('the shell did not build');
  const assets = join(outDir, 'assets');
  return readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .reduce((sum, name) => sum + gzipBytes(join(assets, name)), 0);
}

/** The platform as `npm start` runs it (it builds the web app when its sources changed). */
async function startPlatform(dataDir) {
  const [port, pgPort, smtpPort] = [await freePort(), await freePort(), await freePort()];
  const baseUrl = `http://localhost:${port}`;
  // Its own embedded Postgres, whatever DATABASE_URL the shell has.
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  const platform = spawn(process.execPath, [join(root, 'tools/launcher/start.mjs')], {
    cwd: root,
    env: {
      ...inherited,
      PORT: String(port),
      EMBEDDED_PG_PORT: String(pgPort),
      MAIL_CAPTURE_PORT: String(smtpPort),
      SERVICE_PORT_BASE: String(servicePortBase()),
      // Its own folder, as the browser tier does: the launcher prepares it for Postgres.
      MERIDIAN_DATA_DIR: dataDir,
      PUBLIC_BASE_URL: baseUrl,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise((ready, fail) => {
    const onData = (chunk) => {
      output += chunk.toString();
      if (output.includes('Meridian is up on')) ready();
    };
    platform.stdout.on('data', onData);
    platform.stderr.on('data', onData);
    platform.on('exit', (code) => fail(new Error(`platform exited with ${code}:\n${output}`)));
  });
  const stop = () =>
    new Promise((done) => {
      if (platform.exitCode !== null) return done();
      platform.once('exit', done);
      platform.kill('SIGINT');
      setTimeout(() => platform.kill('SIGKILL'), 20_000).unref();
    });
  return { baseUrl, stop };
}

async function signIn(baseUrl) {
  const response = await fetch(new URL('/api/auth/v1/accounts/login', baseUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ credentials: ADMIN }),
  });
  if (!response.ok) throw new Error(`login answered ${response.status}`);
  return (await response.json()).token.token;
}

/** The JavaScript a page loads until it is idle, gzipped, from the files the gateway serves. */
async function initialJs(context, url, ready) {
  const page = await context.newPage();
  const scripts = new Set();
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.startsWith('/assets/') && path.endsWith('.js')) scripts.add(basename(path));
  });
  await page.goto(url);
  await ready(page);
  await page.waitForLoadState('networkidle');
  await page.close();
  const assets = join(root, 'dist/apps/web/assets');
  const sizes = [...scripts].map((name) => [name, gzipBytes(join(assets, name))]);
  // BENCH_VERBOSE=1 lists what a page loads, largest first: where to look when a ratio slips.
  if (process.env.BENCH_VERBOSE) {
    for (const [name, size] of sizes.sort((a, b) => b[1] - a[1]))
      console.log(`  ${url}  ${kb(size)}  ${name}`);
  }
  const bytes = sizes.reduce((sum, [, size]) => sum + size, 0);
  return { bytes, files: scripts.size };
}

async function audit(port, url) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    // The session token is in local storage: Lighthouse must not clear it.
    disableStorageReset: true,
  });
  const { categories, audits } = result.lhr;
  return {
    performance: Math.round(categories.performance.score * 100),
    accessibility: Math.round(categories.accessibility.score * 100),
    fcp: audits['first-contentful-paint'].displayValue,
    lcp: audits['largest-contentful-paint'].displayValue,
    tbt: audits['total-blocking-time'].displayValue,
  };
}

const work = mkdtempSync(join(tmpdir(), 'meridian-bench-web-'));
const dataDir = mkdtempSync(join(tmpdir(), 'meridian-bench-data-'));
let platform;
let browser;
let failed = false;
try {
  platform = await startPlatform(dataDir);
  const shell = buildShell(work);
  const token = await signIn(platform.baseUrl);
  const debugPort = await freePort();
  // One persistent profile: Lighthouse opens its tabs in it, where the session token is stored.
  browser = await chromium.launchPersistentContext(join(work, 'profile'), {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      `--remote-debugging-port=${debugPort}`,
    ],
  });
  const pages = [
    {
      name: 'login',
      path: '/login/start',
      ready: (p) => p.getByRole('button', { name: 'Continue' }).waitFor(),
    },
    {
      name: 'contacts',
      path: '/contacts',
      ready: (p) => p.getByRole('heading', { name: /^Contacts/ }).waitFor(),
    },
  ];
  const rows = [];
  for (const page of pages) {
    const url = new URL(page.path, platform.baseUrl).toString();
    if (page.name === 'contacts') {
      const setter = await browser.newPage();
      await setter.goto(new URL('/login/start', platform.baseUrl).toString());
      await setter.evaluate(`window.localStorage.setItem('authToken', ${JSON.stringify(token)})`);
      await setter.close();
    }
    const js = await initialJs(browser, url, page.ready);
    const scores = await audit(debugPort, url);
    rows.push({ page: page.name, js, ratio: js.bytes / shell, ...scores });
  }

  console.log(`\nshell (React + Mantine): ${kb(shell)} of JavaScript, gzip\n`);
  console.log(
    '| page | initial JS (gzip) | files | vs shell | performance | accessibility | FCP | LCP | TBT |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const row of rows) {
    console.log(
      `| ${row.page} | ${kb(row.js.bytes)} | ${row.js.files} | ${row.ratio.toFixed(2)}x | ${row.performance} | ${row.accessibility} | ${row.fcp} | ${row.lcp} | ${row.tbt} |`,
    );
    if (
      row.ratio > TARGET_RATIO ||
      row.performance < TARGET_PERFORMANCE ||
      row.accessibility < TARGET_ACCESSIBILITY
    )
      failed = true;
  }
  console.log(
    `\ntargets: <= ${TARGET_RATIO}x the shell, performance >= ${TARGET_PERFORMANCE}, accessibility >= ${TARGET_ACCESSIBILITY}: ${failed ? 'MISSED' : 'met'}`,
  );
  reportBench({
    name: 'web',
    sizes: { pages: rows.map((row) => row.page).join(', ') },
    baseline: {
      description: 'a bare React + Mantine shell built with the same Vite in the same run',
      figures: [{ label: 'shell JS (gzip)', value: shell / 1024, unit: 'KB' }],
    },
    figures: rows.map((row) => ({
      label: `${row.page} initial JS (gzip)`,
      value: row.js.bytes / 1024,
      unit: 'KB',
    })),
    ratios: rows.map((row) => ({
      label: `${row.page} JS / shell`,
      value: row.ratio,
      op: '<=',
      target: TARGET_RATIO,
    })),
    limits: rows.flatMap((row) => [
      {
        label: `${row.page} Lighthouse performance`,
        value: row.performance,
        op: '>=',
        target: TARGET_PERFORMANCE,
      },
      {
        label: `${row.page} accessibility`,
        value: row.accessibility,
        op: '>=',
        target: TARGET_ACCESSIBILITY,
      },
    ]),
  });
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await browser?.close();
  await platform?.stop();
  rmSync(work, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
