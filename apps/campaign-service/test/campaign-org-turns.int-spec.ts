import type { SignedIn } from '@meridian/testing';
import { type CampaignTestApp, startCampaignTestApp } from './support/campaign-test-app';
import { chain, engineFixture, listStep } from './support/engine-fixture';

const RUNS = 4;
const PER_RUN = 300;
const SMALL = 20;

/**
 * Batch jobs take turns round the organisations, not round the runs: an organisation with many
 * runs queued does not get a turn for each of them before another organisation's one run gets
 * one. One worker with one job slot and turns of one batch: four runs of one organisation were
 * queued first (each needs three turns of its own to finish), yet the other organisation's small
 * run starts before some of them and finishes before any of them.
 */
describe('campaign runs taking turns round the organisations', () => {
  let http: CampaignTestApp;
  let worker: CampaignTestApp | undefined;
  let busy: SignedIn;
  let small: SignedIn;

  beforeAll(async () => {
    // Publishing only enqueues: nothing runs until the worker starts, so every run is waiting.
    http = await startCampaignTestApp({ SERVICE_ROLE: 'http' });
    [busy, small] = await Promise.all([http.platform.newOrganisation(), http.platform.newOrganisation()]);
  });

  afterAll(async () => {
    await worker?.close();
    await http?.close();
  });

  it("finishes another organisation's run before any of the many runs queued ahead of it", async () => {
    const f = engineFixture(http);
    const busyCampaigns: string[] = [];
    for (let i = 1; i <= RUNS; i++) {
      const domain = `busy${i}.test`;
      await f.persons(busy, domain, PER_RUN);
      const list = await f.staticList(busy, `Busy ${i}`);
      busyCampaigns.push(await f.runNow(busy, `Busy run ${i}`, chain(listStep('tag', list)), domain));
    }
    const smallPeople = await f.persons(small, 'small.test', SMALL);
    const smallList = await f.staticList(small, 'Small');
    const smallCampaign = await f.runNow(small, 'Small run', chain(listStep('tag', smallList)), 'small.test');

    worker = await startCampaignTestApp(
      { SERVICE_ROLE: 'worker', JOB_CONCURRENCY: '1', RUN_TURN_MS: '1' },
      { shareWith: http },
    );
    const smallRun = await f.settledRun(smallCampaign);
    expect(smallRun).toMatchObject({ state: 'finished', total_count: SMALL });
    expect(await f.listMembers(smallList)).toEqual([...smallPeople].sort());

    const busyRuns = [];
    for (const id of busyCampaigns) busyRuns.push(await f.settledRun(id));
    for (const run of busyRuns) expect(run).toMatchObject({ state: 'finished', total_count: PER_RUN });
    const [order] = await http.sql<{ small_first: boolean }>(
      `SELECT s.finished_at < min(b.finished_at) AS small_first
         FROM campaign.campaign_runs s, campaign.campaign_runs b
        WHERE s.id = $1 AND b.id = ANY($2::uuid[]) GROUP BY s.finished_at`,
      [smallRun.id, busyRuns.map((run) => run.id)],
    );
    expect(order).toEqual({ small_first: true });
    // The runs' starts (their audience snapshots) take turns too: the small run was not started last.
    const [{ before }] = await http.sql<{ before: number }>(
      `SELECT count(*)::int AS before FROM campaign.campaign_runs b, campaign.campaign_runs s
        WHERE s.id = $1 AND b.id = ANY($2::uuid[]) AND b.started_at < s.started_at`,
      [smallRun.id, busyRuns.map((run) => run.id)],
    );
    expect(before).toBeLessThan(RUNS);
    // Stepping back loses and repeats no one.
    for (const run of busyRuns) {
      const states = await f.personStates(run.id);
      expect(states.size).toBe(PER_RUN);
      expect([...states.values()].every((s) => s.state === 'completed')).toBe(true);
    }
  }, 300_000);
});
