import { Client } from 'pg';
import { generate, runAudienceBench } from '../../../bench/audience/run';
import { type CampaignTestApp, startCampaignTestApp } from './support/campaign-test-app';

/** bench/audience at a small scale: the compiled and the hand-written SQL select the same people. */
describe('audience bench (small scale)', () => {
  let t: CampaignTestApp;
  let client: Client;

  beforeAll(async () => {
    t = await startCampaignTestApp();
    client = new Client({ connectionString: t.db.url });
    await client.connect();
  });

  afterAll(async () => {
    await client?.end();
    await t?.close();
  });

  it('counts and previews what the hand-written query does', async () => {
    const organisationId = '0a000000-0000-4000-8000-0000000000a2';
    const size = { persons: 3000, events: 30000, runs: 1 };
    await generate(client, organisationId, '0b000000-0000-4000-8000-0000000000b2', size);
    const result = await runAudienceBench(client, organisationId, size);
    expect(result.count).toBeGreaterThan(0);
    expect(result.count).toBeLessThan(size.persons / 3);
    expect(result.count).toBe(result.handCount);
    expect(result.previewIds).toHaveLength(Math.min(20, result.count));
    expect(result.previewIds).toEqual(result.handPreviewIds);
  });
});
