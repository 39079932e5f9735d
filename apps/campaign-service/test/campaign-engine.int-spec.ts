import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  campaignEditStartContract,
  campaignPublishContract,
  type Flow,
  FLOW_ROOT,
} from '@meridian/contracts';
import { eventually, type SignedIn } from '@meridian/testing';
import { JourneyBatchService } from '../src/modules/campaigns/engine/journey-batch.service';
import { cancelReasons } from '../src/modules/campaigns/engine/run-scheduler.service';
import { skipReasons } from '../src/modules/campaigns/engine/run-starter.service';
import { type CampaignTestApp, startCampaignTestApp } from './support/campaign-test-app';
import { chain, engineFixture, listStep, mailStep } from './support/engine-fixture';
import { RecordingMailer, recordingMailerModule } from './support/recording-mailer';

/** Answers 500 to the first call for each email, then 200; '/gone' is always 404. */
function flakyReceiver() {
  const seen = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const email = (JSON.parse(body || '{}') as { email?: string }).email ?? '';
      const calls = (seen.get(`${req.url} ${email}`) ?? 0) + 1;
      seen.set(`${req.url} ${email}`, calls);
      res.statusCode = req.url === '/gone' ? 404 : calls === 1 ? 500 : 200;
      res.end('{}');
    });
  });
  return { server, calls: (path: string, email: string) => seen.get(`${path} ${email}`) ?? 0 };
}

describe('campaign engine', () => {
  const mailer = new RecordingMailer();
  const receiver = flakyReceiver();
  let t: CampaignTestApp;
  let admin: SignedIn;
  let f: ReturnType<typeof engineFixture>;
  let templateId: string;

  beforeAll(async () => {
    await new Promise<void>((done) => receiver.server.listen(0, '127.0.0.1', done));
    // The operator setting that lets campaign webhooks reach this loopback receiver; one render
    // worker, warmed up below, so its first start does not count against a step.
    t = await startCampaignTestApp(
      { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1', RENDER_WORKERS: '1' },
      { imports: [recordingMailerModule(mailer)] },
    );
    f = engineFixture(t);
    admin = await t.platform.newOrganisation();
    await f.warmRenderPool(admin);
    templateId = await f.template(admin);
  });

  afterAll(async () => {
    await t?.close();
    await new Promise((done) => receiver.server.close(done));
  });

  it('runs an at_once campaign to the end: every person in exactly one terminal state', async () => {
    const people = await f.persons(admin, 'now.test', 30);
    const list = await f.staticList(admin, 'Mailed');
    const id = await f.runNow(
      admin,
      'Right now',
      chain(mailStep('mail', templateId), listStep('tag', list)),
      'now.test',
    );
    const run = await f.settledRun(id);
    expect(run).toMatchObject({ state: 'finished', total_count: 30 });
    const states = await f.personStates(run.id);
    expect([...states.keys()].sort()).toEqual([...people].sort());
    expect([...states.values()].every((s) => s.state === 'completed')).toBe(true);
    const mailed = mailer.personsOf('mail', run.id);
    expect(mailed.sort()).toEqual([...people].sort());
    expect(await f.listMembers(list)).toEqual([...people].sort());
    expect(await f.runEvents(run.id)).toEqual(['scheduled', 'processing', 'finished']);
    const [campaign] = await t.sql<{ total_count: number; schedule: { next_run_time: string | null } }>(
      `SELECT total_count, schedule FROM campaign.campaigns WHERE id = $1`,
      [id],
    );
    expect(campaign).toMatchObject({ total_count: 30, schedule: { next_run_time: null } });
  });

  it('qualifies by the rule across two runs: once, every_time, once_every', async () => {
    const [ada, bob] = await f.persons(admin, 'rules.test', 2);
    const ids = {
      once: await f.runNow(admin, 'Once', chain(mailStep('m', templateId)), 'rules.test', { rule: 'once' }),
      every: await f.runNow(admin, 'Every', chain(mailStep('m', templateId)), 'rules.test', {
        rule: 'every_time',
      }),
      period: await f.runNow(admin, 'Weekly', chain(mailStep('m', templateId)), 'rules.test', {
        rule: 'once_every',
        recurring_period: 1,
        recurring_period_unit: 'weeks',
      }),
    };
    for (const id of Object.values(ids)) expect(await f.settledRun(id)).toMatchObject({ total_count: 2 });
    // Ada's entry into the weekly campaign is now eight days old; Cy is new.
    await t.sql(
      `UPDATE campaign.run_persons SET entered_at = now() - interval '8 days'
        WHERE campaign_id = $1 AND person_id = $2`,
      [ids.period, ada],
    );
    const [cy] = await t.sql<{ id: string }>(
      `INSERT INTO campaign.persons (organisation_id, email) VALUES ($1, 'cy@rules.test') RETURNING id`,
      [admin.organisation.id],
    );
    for (const id of Object.values(ids)) await f.publish(admin, id, {});
    const entered = async (id: string) => {
      const run = await f.settledRun(id, 2);
      return { state: run.state, persons: [...(await f.personStates(run.id)).keys()].sort() };
    };
    expect(await entered(ids.once)).toEqual({ state: 'finished', persons: [cy!.id] });
    expect(await entered(ids.every)).toEqual({ state: 'finished', persons: [ada, bob, cy!.id].sort() });
    expect(await entered(ids.period)).toEqual({ state: 'finished', persons: [ada, cy!.id].sort() });

    // Nobody new: the once campaign's third run has no one to take and is skipped, with why.
    await f.publish(admin, ids.once, {});
    expect(await f.settledRun(ids.once, 3)).toMatchObject({
      state: 'skipped',
      state_reason: skipReasons.nobody,
      total_count: 0,
    });
  });

  it('parks persons at a delay and wakes them when it is over', async () => {
    const people = await f.persons(admin, 'delay.test', 5);
    const list = await f.staticList(admin, 'After the wait');
    const wait = {
      action_id: 'wait',
      action_type: 'delay' as const,
      action_options: { delay_value: 2, delay_unit: 'hours' },
    };
    const id = await f.runNow(admin, 'Patience', chain(wait, listStep('tag', list)), 'delay.test');
    const [run] = await eventually(async () => {
      const runs = await f.runs(id);
      const states = runs[0] ? await f.personStates(runs[0].id) : new Map();
      return states.size === 5 && [...states.values()].every((s) => s.state === 'waiting') ? runs : undefined;
    });
    expect(run!.state).toBe('processing');
    const [{ hours }] = await t.sql<{ hours: number }>(
      `SELECT round(extract(epoch FROM min(wake_at) - now()) / 3600)::int AS hours
         FROM campaign.run_persons WHERE run_id = $1`,
      [run!.id],
    );
    expect(hours).toBe(2);
    expect(await f.listMembers(list)).toEqual([]);
    // Two hours pass.
    await t.sql(`UPDATE campaign.run_persons SET wake_at = now() - interval '1 second' WHERE run_id = $1`, [
      run!.id,
    ]);
    await t.app.get(JourneyBatchService).wakeDue(new Date());
    expect(await f.settledRun(id)).toMatchObject({ state: 'finished' });
    expect(await f.listMembers(list)).toEqual([...people].sort());
  });

  it('routes each person down the branch the filter picks', async () => {
    const [ada] = await f.persons(admin, 'branch.test', 1, 'Ada');
    const [bob] = await t.sql<{ id: string }>(
      `INSERT INTO campaign.persons (organisation_id, email, first_name) VALUES ($1, 'bob@branch.test', 'Bob')
       RETURNING id`,
      [admin.organisation.id],
    );
    const adas = await f.staticList(admin, 'Adas');
    const others = await f.staticList(admin, 'Others');
    const flow: Flow = {
      nodes: [
        {
          action_id: 'split',
          action_type: 'branch_by_filter',
          is_deleted: false,
          action_options: {
            primary_branch_id: 'yes',
            default_branch_id: 'no',
            condition: {
              conditions: [
                {
                  sequence_number: 1,
                  condition: {
                    filter_type: 'person',
                    filter: 'first_name',
                    operator: 'equals',
                    value: ['Ada'],
                  },
                },
              ],
            },
          },
        },
        { ...listStep('to-adas', adas), branch_id: 'yes', is_deleted: false },
        { ...listStep('to-others', others), branch_id: 'no', is_deleted: false },
      ],
      links: [
        { source: FLOW_ROOT, target: 'split', attributes: {} },
        { source: 'split', target: 'to-adas', attributes: { branch_id: 'yes' } },
        { source: 'split', target: 'to-others', attributes: { branch_id: 'no' } },
      ],
    };
    const id = await f.runNow(admin, 'Split', flow, 'branch.test');
    expect(await f.settledRun(id)).toMatchObject({ state: 'finished', total_count: 2 });
    expect(await f.listMembers(adas)).toEqual([ada]);
    expect(await f.listMembers(others)).toEqual([bob!.id]);
  });

  it('calls a webhook per person, retrying a failed attempt; a refusal fails the person with why', async () => {
    const base = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}`;
    const org = admin.organisation.id;
    for (const [hookId, path] of [
      ['notify', '/notify'],
      ['gone', '/gone'],
    ])
      await t.sql(
        `INSERT INTO campaign.webhooks (organisation_id, webhook_id, name, method, url, payload, timeout)
         VALUES ($1, $2, $2, 'POST', $3, '{"email": "{{ person.email }}"}', 5)`,
        [org, hookId, `${base}${path}`],
      );
    const hook = (actionId: string, webhookId: string) => ({
      action_id: actionId,
      action_type: 'webhook' as const,
      action_options: { webhook_id: webhookId },
    });
    await f.persons(admin, 'hook.test', 3);
    const id = await f.runNow(
      admin,
      'Hooks',
      chain(hook('first', 'notify'), hook('second', 'gone')),
      'hook.test',
    );
    const run = await f.settledRun(id);
    expect(run.state).toBe('finished');
    const states = [...(await f.personStates(run.id)).values()];
    expect(states).toHaveLength(3);
    for (const state of states)
      expect(state).toEqual({
        state: 'failed',
        outcome: 'Webhook call failed: The webhook answered HTTP 404',
      });
    for (let n = 1; n <= 3; n++) {
      const email = `p0000${n}@hook.test`;
      expect(receiver.calls('/notify', email)).toBe(2);
      // A 404 is the receiver's answer, not a passing fault: it is not retried.
      expect(receiver.calls('/gone', email)).toBe(1);
    }
  });

  it('pauses open runs on edit and cancels them when the campaign is published inactive', async () => {
    await f.persons(admin, 'pause.test', 4);
    const wait = {
      action_id: 'wait',
      action_type: 'delay' as const,
      action_options: { delay_value: 1, delay_unit: 'days' },
    };
    const id = await f.runNow(admin, 'Paused', chain(wait, mailStep('mail', templateId)), 'pause.test');
    const run = await eventually(async () => {
      const [first] = await f.runs(id);
      const states = first ? await f.personStates(first.id) : new Map();
      return states.size === 4 && [...states.values()].every((s) => s.state === 'waiting')
        ? first
        : undefined;
    });
    await t.call(campaignEditStartContract, { campaign_id: id }, admin).expect(200);
    // Paused: the delay ends but no batch takes them while the campaign is being edited.
    await t.sql(`UPDATE campaign.run_persons SET wake_at = now() WHERE run_id = $1`, [run!.id]);
    await t.app.get(JourneyBatchService).wakeDue(new Date());
    await t.app.get(JourneyBatchService).drain(run!.id);
    expect(mailer.personsOf('mail', run!.id)).toEqual([]);
    expect((await f.runs(id))[0]!.state).toBe('processing');

    await t.call(campaignPublishContract, { campaign_id: id, active: false }, admin).expect(200);
    expect((await f.runs(id))[0]).toMatchObject({
      state: 'cancelled',
      state_reason: cancelReasons.deactivated,
    });
    const states = [...(await f.personStates(run!.id)).values()];
    expect(states.every((s) => s.state === 'cancelled')).toBe(true);
    expect(await f.runEvents(run!.id)).toEqual(['scheduled', 'processing', 'cancelled']);
  });
});
