// Jest global setup for the service tier: a real Postgres for the whole run.
// DATABASE_URL (an existing server) wins; otherwise an embedded Postgres is
// started in a throwaway folder. Each test file then creates its own database.
const { mkdtempSync } = require('node:fs');
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
    return;
  }
  const { startEmbeddedPostgres, freePort } = await import('../../../tools/postgres/embedded.mjs');
  const dataDir = mkdtempSync(join(tmpdir(), 'meridian-test-pg-'));
  const port = await freePort();
  const pg = await startEmbeddedPostgres({ dataDir, port, persistent: false });
  process.env.MERIDIAN_TEST_ADMIN_URL = pg.url('postgres');
  globalThis.__MERIDIAN_TEST_PG__ = pg;
};
