import { poolMaxOf } from '@meridian/testing';
import { DataSource } from 'typeorm';
import { type CampaignTestApp, startCampaignTestApp } from './support/campaign-test-app';

// DATABASE_POOL_SIZE sizes each process's connection pool (README configuration, k8s/config.yaml):
// a deployment sizes Postgres' max_connections from it, so the setting must reach the pool.
describe('campaign-service database pool', () => {
  let t: CampaignTestApp;

  beforeAll(async () => {
    t = await startCampaignTestApp({ DATABASE_POOL_SIZE: '3' });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('holds at most DATABASE_POOL_SIZE connections', () => {
    expect(poolMaxOf(t.app.get(DataSource))).toBe(3);
  });
});
