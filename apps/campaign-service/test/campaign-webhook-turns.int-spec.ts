import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SignedIn } from '@meridian/testing';
import { WebhooksRepository } from '../src/modules/assets/webhooks/webhooks.repository';
import { type CampaignTestApp, startCampaignTestApp } from './support/campaign-test-app';
import { chain, engineFixture, listStep } from './support/engine-fixture';

const SLOW = 160;
const SMALL = 20;
const ANSWER_MS = 1_500;

/** Answers every call after ANSWER_MS, counting the calls per email. */
function slowPeer() {
  const calls = new Map<string, number>();
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const email = (JSON.parse(body || '{}') as { email?: string }).email ?? '';
      calls.set(email, (calls.get(email) ?? 0) + 1);
      setTimeout(() => res.end('{}'), ANSWER_MS);
    });
  });
  return {
    server,
    total: () => [...calls.values()].reduce((a, b) => a + b, 0),
    counts: () => [...calls.values()],
  };
}

/**
 * A webhook step's calls end with the lane's turn: one organisation's slow endpoint does not hold a
 * job slot for a whole batch of calls (200 persons, 8 at a time, each up to the webhook's timeout)
 * while another organisation's run waits. One job slot, turns of one batch: the other organisation's
 * small run finishes long before the slow run's calls are all made, and every slow person is still
 * called exactly once.
 */
describe('campaign webhook steps taking turns for the job slots', () => {
  const peer = slowPeer();
  let http: CampaignTestApp;
  let worker: CampaignTestApp | undefined;
  let slow: SignedIn;
  let small: SignedIn;

  beforeAll(async () => {
    await new Promise<void>((done) => peer.server.listen(0, '127.0.0.1', done));
    http = await startCampaignTestApp({ SERVICE_ROLE: 'http', OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' });
    [slow, small] = await Promise.all([http.platform.newOrganisation(), http.platform.newOrganisation()]);
    await http.sql(
      `INSERT INTO campaign.webhooks (organisation_id, webhook_id, name, method, url, payload, timeout, headers)
       VALUES ($1, 'slow', 'slow', 'POST', $2, '{"email": "{{ person.email }}"}', 30, $3::jsonb)`,
      [
        slow.organisation.id,
        `http://127.0.0.1:${(peer.server.address() as AddressInfo).port}/slow`,
        JSON.stringify({ 'content-type': 'application/json' }),
      ],
    );
    await http.app.get(WebhooksRepository).onApplicationBootstrap();
    worker = await startCampaignTestApp(
      {
        SERVICE_ROLE: 'worker',
        JOB_CONCURRENCY: '1',
        RUN_TURN_MS: '1',
        RENDER_WORKERS: '1',
        OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
      },
      { shareWith: http },
    );
    // The step renders each call's payload: the worker's render thread must be up first.
    await engineFixture(worker).warmRenderPool(slow);
  });

  afterAll(async () => {
    await worker?.close();
    await http?.close();
    await new Promise((done) => peer.server.close(done));
  });

  it("finishes another organisation's small run while a slow webhook's calls are still being made", async () => {
    const f = engineFixture(http);
    await f.persons(slow, 'slow.test', SLOW);
    const smallPeople = await f.persons(small, 'small.test', SMALL);
    const smallList = await f.staticList(small, 'Small');
    const hook = {
      action_id: 'call',
      action_type: 'webhook' as const,
      action_options: { webhook_id: 'slow' },
    };
    const slowCampaign = await f.runNow(slow, 'Slow webhook', chain(hook), 'slow.test');
    const smallCampaign = await f.runNow(small, 'Small run', chain(listStep('tag', smallList)), 'small.test');

    expect(await f.settledRun(smallCampaign)).toMatchObject({ state: 'finished', total_count: SMALL });
    // Before, the slot stayed with the slow run's first batch until all its calls had answered.
    expect(peer.total()).toBeLessThan(SLOW);
    expect(await f.listMembers(smallList)).toEqual([...smallPeople].sort());

    // Persons whose turn ended before their call walk on later: called once each, none lost.
    const slowRun = await f.settledRun(slowCampaign);
    expect(slowRun).toMatchObject({ state: 'finished', total_count: SLOW });
    const states = await f.personStates(slowRun.id);
    expect([...states.values()].filter((s) => s.state === 'completed')).toHaveLength(SLOW);
    expect(peer.counts()).toHaveLength(SLOW);
    expect(peer.counts().every((n) => n === 1)).toBe(true);
  }, 300_000);
});
