import { poolMaxOf } from '@meridian/testing';
import { DataSource } from 'typeorm';
import { type IntegrationsTestApp, startIntegrationsTestApp } from './support/integrations-test-app';

// DATABASE_POOL_SIZE sizes each process's connection pool (README configuration, k8s/config.yaml):
// a deployment sizes Postgres' max_connections from it, so the setting must reach the pool.
describe('integrations-service database pool', () => {
  let t: IntegrationsTestApp;

  beforeAll(async () => {
    t = await startIntegrationsTestApp({ DATABASE_POOL_SIZE: '3' });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('holds at most DATABASE_POOL_SIZE connections', () => {
    expect(poolMaxOf(t.app.get(DataSource))).toBe(3);
  });
});
