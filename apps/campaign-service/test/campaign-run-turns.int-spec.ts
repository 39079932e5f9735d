import type { SignedIn } from '@meridian/testing';
import { type CampaignTestApp, startCampaignTestApp } from './support/campaign-test-app';
import { chain, engineFixture, listStep } from './support/engine-fixture';

const LARGE = 3000;
const SMALL = 20;

/**
 * A run's batch jobs take turns: one organisation's large run does not keep a small run of another
 * organisation waiting until it is done. One worker with one job slot and turns of one batch: the
 * large run's lanes were queued first, yet the small run finishes before it.
 */
describe('campaign runs taking turns for the job slots', () => {
  let http: CampaignTestApp;
  let worker: CampaignTestApp | undefined;
  let large: SignedIn;
  let small: SignedIn;

  beforeAll(async () => {
    // Publishing only enqueues: nothing runs until the worker starts, so both runs are waiting.
    http = await startCampaignTestApp({ SERVICE_ROLE: 'http' });
    [large, small] = await Promise.all([http.platform.newOrganisation(), http.platform.newOrganisation()]);
  });

  afterAll(async () => {
    await worker?.close();
    await http?.close();
  });

  it('finishes a small run queued behind a large one first, and walks every person of both once', async () => {
    const f = engineFixture(http);
    const largePeople = await f.persons(large, 'large.test', LARGE);
    const smallPeople = await f.persons(small, 'small.test', SMALL);
    const largeList = await f.staticList(large, 'Large');
    const smallList = await f.staticList(small, 'Small');
    const largeCampaign = await f.runNow(large, 'Large run', chain(listStep('tag', largeList)), 'large.test');
    const smallCampaign = await f.runNow(small, 'Small run', chain(listStep('tag', smallList)), 'small.test');

    worker = await startCampaignTestApp(
      { SERVICE_ROLE: 'worker', JOB_CONCURRENCY: '1', RUN_TURN_MS: '1' },
      { shareWith: http },
    );
    const largeRun = await f.settledRun(largeCampaign);
    const smallRun = await f.settledRun(smallCampaign);
    expect(largeRun).toMatchObject({ state: 'finished', total_count: LARGE });
    expect(smallRun).toMatchObject({ state: 'finished', total_count: SMALL });

    const [order] = await http.sql<{ small_first: boolean }>(
      `SELECT s.finished_at < l.finished_at AS small_first
         FROM campaign.campaign_runs s, campaign.campaign_runs l WHERE s.id = $1 AND l.id = $2`,
      [smallRun.id, largeRun.id],
    );
    expect(order).toEqual({ small_first: true });

    // Turns lose and repeat no one.
    const largeStates = await f.personStates(largeRun.id);
    expect(largeStates.size).toBe(LARGE);
    expect([...largeStates.values()].every((s) => s.state === 'completed')).toBe(true);
    expect(await f.listMembers(largeList)).toEqual([...largePeople].sort());
    expect(await f.listMembers(smallList)).toEqual([...smallPeople].sort());
    expect(await f.runEvents(largeRun.id)).toEqual(['scheduled', 'processing', 'finished']);
  });
});
