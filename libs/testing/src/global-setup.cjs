// Jest global setup for the service tier: a real Postgres for the whole run.
// DATABASE_URL (an existing server) wins; otherwise an embedded Postgres is
// started in a throwaway folder. Each test file then creates its own database,
// a copy of a template migrated here once (template-database.mjs).
const { mkdtempSync } = require('node:fs');
const { randomBytes } = require('node:crypto');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { spawnSync } = require('node:child_process');

module.exports = async function globalSetup() {
  // Tests of one service start the others from the built code (real processes, real HTTP).
  const build = spawnSync(process.execPath, [join(__dirname, '../../../tools/build/build-server.mjs')], {
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('server build failed');
  if (process.env.DATABASE_URL) {
    process.env.MERIDIAN_TEST_ADMIN_URL = process.env.DATABASE_URL;
  } else {
    const { startEmbeddedPostgres, freePort } = await import('../../../tools/postgres/embedded.mjs');
    const dataDir = mkdtempSync(join(tmpdir(), 'meridian-test-pg-'));
    const port = await freePort();
    const pg = await startEmbeddedPostgres({ dataDir, port, persistent: false });
    process.env.MERIDIAN_TEST_ADMIN_URL = pg.url('postgres');
    globalThis.__MERIDIAN_TEST_PG__ = pg;
  }
  // Every service boot on an empty database ran all four services' migrations (a few seconds
  // each time, on every test file): made once here, each test's database is a copy. Named
  // per run, so a shared server's template from another run is never used.
  const template = `meridian_template_${randomBytes(6).toString('hex')}`;
  const made = spawnSync(
    process.execPath,
    [join(__dirname, 'template-database.mjs'), 'create', process.env.MERIDIAN_TEST_ADMIN_URL, template],
    { stdio: 'inherit' },
  );
  if (made.status !== 0) throw new Error('template database failed');
  process.env.MERIDIAN_TEST_TEMPLATE_DB = template;
};
