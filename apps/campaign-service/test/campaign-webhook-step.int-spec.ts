import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventually, type SignedIn } from '@meridian/testing';
import { type CampaignTestApp, startCampaignTestApp } from './support/campaign-test-app';
import { WebhooksRepository } from '../src/modules/assets/webhooks/webhooks.repository';
import { chain, engineFixture, listStep } from './support/engine-fixture';

const STEP_KEY = 'step-key-1';

/**
 * '/twice' answers 500 to the first two calls for an email, then 200; '/hang' answers when told.
 * Calls are counted only with the webhook's own header (stored sealed): the step must open it.
 */
function webhookPeer() {
  const calls = new Map<string, number>();
  const hanging: ServerResponse[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const email = (JSON.parse(body || '{}') as { email?: string }).email ?? '';
      if (req.headers['x-step-key'] !== STEP_KEY) {
        res.statusCode = 401;
        return void res.end('{}');
      }
      const n = (calls.get(`${req.url} ${email}`) ?? 0) + 1;
      calls.set(`${req.url} ${email}`, n);
      if (req.url === '/hang') return void hanging.push(res);
      res.statusCode = n <= 2 ? 500 : 200;
      res.end('{}');
    });
  });
  return {
    server,
    calls: (path: string, email: string) => calls.get(`${path} ${email}`) ?? 0,
    hanging: () => hanging.length,
    release: () => hanging.splice(0).forEach((res) => res.end('{}')),
  };
}

describe('campaign webhook step', () => {
  const peer = webhookPeer();
  let t: CampaignTestApp;
  let admin: SignedIn;
  let f: ReturnType<typeof engineFixture>;

  beforeAll(async () => {
    await new Promise<void>((done) => peer.server.listen(0, '127.0.0.1', done));
    t = await startCampaignTestApp({ OUTBOUND_ALLOWED_HOSTS: '127.0.0.1', RENDER_WORKERS: '1' });
    f = engineFixture(t);
    admin = await t.platform.newOrganisation();
    await f.warmRenderPool(admin);
    const base = `http://127.0.0.1:${(peer.server.address() as AddressInfo).port}`;
    for (const path of ['twice', 'hang'])
      await t.sql(
        `INSERT INTO campaign.webhooks (organisation_id, webhook_id, name, method, url, payload, timeout, headers)
         VALUES ($1, $2, $2, 'POST', $3, '{"email": "{{ person.email }}"}', 30, $4::jsonb)`,
        [
          admin.organisation.id,
          path,
          `${base}/${path}`,
          JSON.stringify({ 'content-type': 'application/json', 'x-step-key': STEP_KEY }),
        ],
      );
    // Sealed as the service seals rows at start: the step reads them as every saved webhook is read.
    await t.app.get(WebhooksRepository).onApplicationBootstrap();
    const plain = await t.sql(`SELECT 1 FROM campaign.webhooks WHERE headers::text LIKE '%step-key%'`);
    expect(plain).toEqual([]);
  });

  afterAll(async () => {
    peer.release();
    await t?.close();
    await new Promise((done) => peer.server.close(done));
  });

  const hook = (webhookId: string) => ({
    action_id: 'call',
    action_type: 'webhook' as const,
    action_options: { webhook_id: webhookId },
  });

  it('parks a person between attempts and walks on after a peer that failed twice answers', async () => {
    const people = await f.persons(admin, 'twice.test', 2);
    const list = await f.staticList(admin, 'Called');
    const id = await f.runNow(admin, 'Twice', chain(hook('twice'), listStep('tag', list)), 'twice.test');
    const run = await f.settledRun(id);
    expect(run.state).toBe('finished');
    for (const email of ['p00001@twice.test', 'p00002@twice.test'])
      expect(peer.calls('/twice', email)).toBe(3);
    const states = await f.personStates(run.id);
    for (const person of people) expect(states.get(person)).toEqual({ state: 'completed', outcome: null });
    expect(await f.listMembers(list)).toEqual([...people].sort());
  });

  it('holds no row lock while a call hangs, and records its answer when it comes', async () => {
    const people = await f.persons(admin, 'hang.test', 2);
    const id = await f.runNow(admin, 'Hang', chain(hook('hang')), 'hang.test');
    await eventually(async () => (peer.hanging() === 2 ? true : undefined), {
      what: 'both calls to reach the peer',
      timeoutMs: 90_000,
    });
    const [run] = await f.runs(id);
    // NOWAIT fails at once if any transaction holds these rows: the batch must have committed.
    const rows = await t.sql<{ state: string; attempts: number }>(
      `SELECT state, attempts FROM campaign.run_persons WHERE run_id = $1 FOR UPDATE NOWAIT`,
      [run!.id],
    );
    expect(rows).toEqual([
      { state: 'waiting', attempts: 1 },
      { state: 'waiting', attempts: 1 },
    ]);
    peer.release();
    expect(await f.settledRun(id)).toMatchObject({ state: 'finished' });
    const states = await f.personStates(run!.id);
    for (const person of people) expect(states.get(person)).toEqual({ state: 'completed', outcome: null });
  });
});
