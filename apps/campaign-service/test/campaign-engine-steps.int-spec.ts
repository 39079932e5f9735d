import { campaignCreateContract, campaignDeleteContract, todayIn } from '@meridian/contracts';
import { eventually, type SignedIn } from '@meridian/testing';
import { JourneyBatchService } from '../src/modules/campaigns/engine/journey-batch.service';
import { stepFailures } from '../src/modules/campaigns/engine/step-runner.service';
import { PersonsService } from '../src/modules/contacts/persons/persons.service';
import { cancelReasons, RunSchedulerService } from '../src/modules/campaigns/engine/run-scheduler.service';
import { RunStarterService } from '../src/modules/campaigns/engine/run-starter.service';
import { slotReasons } from '../src/modules/campaigns/engine/slots';
import { type CampaignTestApp, startCampaignTestApp } from './support/campaign-test-app';
import { audienceOf, chain, engineFixture, listStep, mailStep } from './support/engine-fixture';
import { RecordingMailer, recordingMailerModule } from './support/recording-mailer';
import { tierFlow } from './support/dry-run-flows';

describe('campaign engine steps and schedules', () => {
  // The first send of this file dies after sending, before the batch commits.
  const mailer = new RecordingMailer({ failFirstCall: true });
  let t: CampaignTestApp;
  let admin: SignedIn;
  let f: ReturnType<typeof engineFixture>;

  beforeAll(async () => {
    // One render worker, warmed up below: its first start must not count against a step.
    t = await startCampaignTestApp({ RENDER_WORKERS: '1' }, { imports: [recordingMailerModule(mailer)] });
    f = engineFixture(t);
    admin = await t.platform.newOrganisation();
    await f.warmRenderPool(admin);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('takes a batch again after a worker dies mid-send, without sending twice', async () => {
    const people = await f.persons(admin, 'crash.test', 12);
    const list = await f.staticList(admin, 'Crash');
    const template = await f.template(admin);
    const id = await f.runNow(
      admin,
      'Crash',
      chain(listStep('tag', list), mailStep('mail', template)),
      'crash.test',
    );
    const run = await f.settledRun(id);
    expect(run.state).toBe('finished');
    // The step was called again for the persons of the failed batch; each message went out once.
    expect(mailer.personsOf('mail', run.id).length).toBeGreaterThan(people.length);
    expect(mailer.sentCount('mail')).toBe(people.length);
    expect(await f.listMembers(list)).toEqual([...people].sort());
    expect([...(await f.personStates(run.id)).values()].every((s) => s.state === 'completed')).toBe(true);
  });

  it('updates values set-based: a custom value and a formula on a custom number', async () => {
    const org = admin.organisation.id;
    await t.app.get(PersonsService).fieldDefinitions(org);
    await t.sql(
      `INSERT INTO campaign.person_fields (organisation_id, name, display, type, custom) VALUES ($1, 'score', 'Score', 'integer', true)`,
      [org],
    );
    const people = await f.persons(admin, 'update.test', 3);
    await t.sql(`UPDATE campaign.persons SET custom_fields = '{"score": 10}' WHERE id = ANY($1::uuid[])`, [
      people,
    ]);
    const update = {
      action_id: 'update',
      action_type: 'update_value' as const,
      action_options: {
        operations: [
          {
            sequence_number: 1,
            operation: { filter: 'title', type: 'custom_value', operator: 'equals', value: ['VIP'] },
          },
          {
            sequence_number: 2,
            operation: { filter: 'score', type: 'formula', operator: 'add', value: [5] },
          },
        ],
      },
    };
    const id = await f.runNow(admin, 'Upgrade', chain(update), 'update.test');
    expect(await f.settledRun(id)).toMatchObject({ state: 'finished', total_count: 3 });
    const rows = await t.sql<{ title: string; custom_fields: Record<string, unknown> }>(
      `SELECT title, custom_fields FROM campaign.persons WHERE id = ANY($1::uuid[])`,
      [people],
    );
    expect(rows).toEqual(people.map(() => ({ title: 'VIP', custom_fields: { score: 15 } })));
  });

  it("stores an update as its field's type: formulas fit the field, a value of another type stops the person", async () => {
    const org = admin.organisation.id;
    await t.app.get(PersonsService).fieldDefinitions(org);
    await t.sql(
      `INSERT INTO campaign.person_fields (organisation_id, name, display, type, custom) VALUES
         ($1, 'seats', 'Seats', 'integer', true), ($1, 'mrr', 'MRR', 'float', true),
         ($1, 'vip', 'Vip', 'boolean', true)`,
      [org],
    );
    const people = await f.persons(admin, 'typed.test', 2);
    await t.sql(
      `UPDATE campaign.persons SET custom_fields = '{"seats": 10, "mrr": 0.2}' WHERE id = ANY($1::uuid[])`,
      [people],
    );
    const op = (filter: string, type: string, operator: string, value: unknown[]) => ({
      sequence_number: 1,
      operation: { filter, type, operator, value },
    });
    const formulas = {
      action_id: 'formulas',
      action_type: 'update_value' as const,
      action_options: {
        operations: [
          op('seats', 'formula', 'divide', [3]),
          { ...op('mrr', 'formula', 'add', [0.1]), sequence_number: 2 },
        ],
      },
    };
    const first = await f.runNow(admin, 'Typed formulas', chain(formulas), 'typed.test');
    expect(await f.settledRun(first)).toMatchObject({ state: 'finished', total_count: 2 });
    const rows = await t.sql<{ custom_fields: Record<string, unknown> }>(
      `SELECT custom_fields FROM campaign.persons WHERE id = ANY($1::uuid[])`,
      [people],
    );
    // A whole-number field stays whole; a decimal sum has no binary noise (not 0.30000000000000004).
    expect(rows).toEqual(people.map(() => ({ custom_fields: { seats: 3, mrr: 0.3 } })));

    const wrong = {
      action_id: 'wrong',
      action_type: 'update_value' as const,
      action_options: { operations: [op('vip', 'custom_value', 'set_value', ['maybe'])] },
    };
    const second = await f.runNow(admin, 'Typed text', chain(wrong), 'typed.test');
    const run = await f.settledRun(second);
    const states = [...(await f.personStates(run.id)).values()];
    expect(states).toEqual(
      people.map(() => ({ state: 'failed', outcome: 'vip: Vip must be true or false' })),
    );
    const after = await t.sql<{ custom_fields: Record<string, unknown> }>(
      `SELECT custom_fields FROM campaign.persons WHERE id = ANY($1::uuid[])`,
      [people],
    );
    expect(after.every((row) => !('vip' in row.custom_fields))).toBe(true);
  });

  it('branches on a saved token rendered for the whole batch, and updates a field from it', async () => {
    await t.sql(
      `INSERT INTO campaign.email_tokens (organisation_id, name, code, default_value, return_type)
       VALUES ($1, 'tier', '{% if person.first_name == "Bob" %}gold{% else %}basic{% endif %}', 'basic', 'string')`,
      [admin.organisation.id],
    );
    const pats = await f.persons(admin, 'tier.test', 3);
    const [bob] = await t.sql<{ id: string }>(
      `INSERT INTO campaign.persons (organisation_id, email, first_name) VALUES ($1, 'bob@tier.test', 'Bob')
       RETURNING id`,
      [admin.organisation.id],
    );
    const id = await f.runNow(admin, 'Tiers', tierFlow(), 'tier.test');
    expect(await f.settledRun(id)).toMatchObject({ state: 'finished', total_count: 4 });
    const titles = await t.sql<{ id: string; title: string | null }>(
      `SELECT id, title FROM campaign.persons WHERE id = ANY($1::uuid[]) ORDER BY email`,
      [[...pats, bob!.id]],
    );
    expect(titles).toEqual([{ id: bob!.id, title: 'gold' }, ...pats.map((p) => ({ id: p, title: null }))]);
  });

  it('exports the persons of a Salesforce sync step with their values, every field while there is no feed', async () => {
    const people = await f.persons(admin, 'sfdc.test', 5);
    const sync = {
      action_id: 'sync',
      action_type: 'salesforce_manual_sync' as const,
      action_options: { connection_id: 'conn-1' },
    };
    const id = await f.runNow(admin, 'Sync', chain(sync), 'sfdc.test');
    const run = await f.settledRun(id);
    const events = await t.sql<{
      payload: {
        reason: string;
        connection_id: string;
        action_id: string;
        campaign_id: string;
        persons: { person_id: string; email: string; values: Record<string, unknown> }[];
      };
    }>(
      `SELECT payload FROM campaign.outbox WHERE name = 'campaign.crm_persons.exported.v1'
         AND payload ->> 'run_id' = $1`,
      [run.id],
    );
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({
      reason: 'flow_step',
      connection_id: 'conn-1',
      action_id: 'sync',
      campaign_id: id,
    });
    const persons = events[0]!.payload.persons;
    expect(persons.map((p) => p.person_id).sort()).toEqual([...people].sort());
    expect(persons.find((p) => p.email === 'p00001@sfdc.test')!.values).toMatchObject({
      email: 'p00001@sfdc.test',
      first_name: 'Pat',
      last_name: null,
      company_name: null,
    });
    expect(await t.sql(`SELECT 1 FROM campaign.outbox WHERE name LIKE '%salesforce_sync%'`)).toEqual([]);
  });

  it('starts a slot once, however many ticks and starts reach it; a slot missed for hours is skipped', async () => {
    await f.persons(admin, 'slots.test', 2);
    const template = await f.template(admin);
    const { body } = await t.call(campaignCreateContract, { name: 'Hourly' }, admin).expect(200);
    const id = body.campaign.campaign_id as string;
    const today = todayIn('UTC', new Date());
    const end = new Date(Date.parse(`${today}T00:00:00Z`) + 5 * 86_400_000).toISOString().slice(0, 10);
    await f.publish(admin, id, {
      flow: chain(mailStep('mail', template)),
      dynamic_list: audienceOf('slots.test'),
      rule: { rule: 'every_time' },
      schedule: {
        run_type: 'period',
        time_zone: 'UTC',
        run_config: { start_date: today, end_date: end, run_time: '00:00', frequency: 'hours', unit: 1 },
      },
    });
    // Slots lie ahead of the real clock, so the minute's cron leaves them to the ticks given a later now.
    const setNext = (at: Date) =>
      t.sql(
        `UPDATE campaign.campaigns SET schedule = schedule || jsonb_build_object('next_run_time', $2::text)
          WHERE id = $1`,
        [id, at.toISOString()],
      );
    const hour = 3_600_000;
    // An hourly timetable counts from midnight: the slot is on the hour, an hour or two ahead.
    const slot = new Date(Math.ceil(Date.now() / hour) * hour + hour);
    await setNext(slot);
    const scheduler = t.app.get(RunSchedulerService);
    const now = new Date(slot.getTime() + 30_000);
    // Three ticks race for the slot.
    const made = await Promise.all([scheduler.tick(now, id), scheduler.tick(now, id), scheduler.tick(now)]);
    expect(made.reduce((a, b) => a + b, 0)).toBe(1);
    const [run] = await f.runs(id);
    // Its start job and two more starts race for the run.
    const starter = t.app.get(RunStarterService);
    await Promise.all([starter.start(run!.id), starter.start(run!.id)]);
    expect(await f.settledRun(id)).toMatchObject({ state: 'finished', total_count: 2 });
    expect(await f.runEvents(run!.id)).toEqual(['scheduled', 'processing', 'finished']);
    const next = async () =>
      (
        await t.sql<{ next: string }>(
          `SELECT schedule ->> 'next_run_time' AS next FROM campaign.campaigns WHERE id = $1`,
          [id],
        )
      )[0]!.next;
    expect(Date.parse(await next())).toBe(slot.getTime() + hour);

    // The service was down: of four due slots only the latest may run, and it is 30 minutes late.
    const later = new Date(slot.getTime() + 5 * hour);
    await setNext(later);
    await scheduler.tick(new Date(later.getTime() + 3 * hour + 30 * 60_000), id);
    const skipped = (await f.runs(id)).filter((r) => r.state === 'skipped');
    expect(skipped.map((r) => r.state_reason)).toEqual([
      slotReasons.superseded,
      slotReasons.superseded,
      slotReasons.superseded,
      slotReasons.missed,
    ]);
    expect(Date.parse(await next())).toBe(later.getTime() + 4 * hour);
  });

  it('settles, on the next tick, a paused run of a campaign published again behind its back', async () => {
    await f.persons(admin, 'superseded.test', 2);
    const wait = {
      action_id: 'wait',
      action_type: 'delay' as const,
      action_options: { delay_value: 2, delay_unit: 'days' },
    };
    const resumed = await f.runNow(admin, 'Superseded', chain(wait), 'superseded.test');
    const run = await f.settledRun(resumed, 1, ['processing']);
    // A publish whose run hook never ran (the process died after the commit): published active,
    // the run resumes on the new version; published inactive, it is cancelled as deactivated.
    await t.sql(`UPDATE campaign.campaigns SET version = version + 1, schedule = NULL WHERE id = $1`, [
      resumed,
    ]);
    await t.app.get(RunSchedulerService).tick(new Date());
    expect((await f.runs(resumed))[0]).toMatchObject({ state: 'processing' });
    const [adopted] = await t.sql<{ same: boolean }>(
      `SELECT r.campaign_version = c.version AS same FROM campaign.campaign_runs r
         JOIN campaign.campaigns c ON c.id = r.campaign_id WHERE r.id = $1`,
      [run.id],
    );
    expect(adopted!.same).toBe(true);
    expect([...(await f.personStates(run.id)).values()].every((s) => s.state === 'waiting')).toBe(true);

    await t.sql(`UPDATE campaign.campaigns SET version = version + 1, active = false WHERE id = $1`, [
      resumed,
    ]);
    await t.app.get(RunSchedulerService).tick(new Date());
    expect((await f.runs(resumed))[0]).toMatchObject({
      state: 'cancelled',
      state_reason: cancelReasons.deactivated,
    });
    expect([...(await f.personStates(run.id)).values()].every((s) => s.state === 'cancelled')).toBe(true);
    expect(await f.runEvents(run.id)).toEqual(['scheduled', 'processing', 'cancelled']);
  });

  it('cancels open runs, with their events, when the campaign is removed', async () => {
    await f.persons(admin, 'removed.test', 2);
    const wait = {
      action_id: 'wait',
      action_type: 'delay' as const,
      action_options: { delay_value: 3, delay_unit: 'days' },
    };
    const id = await f.runNow(admin, 'Doomed', chain(wait), 'removed.test');
    const run = await f.settledRun(id, 1, ['processing']);
    await t.call(campaignDeleteContract, { campaign_id: id }, admin).expect(200);
    expect(await f.runs(id)).toEqual([]);
    const events = await t.sql<{ state: string; total: number }>(
      `SELECT payload ->> 'run_state' AS state, (payload ->> 'total_count')::int AS total FROM campaign.outbox
        WHERE name = 'campaign.run.changed.v1' AND payload ->> 'run_id' = $1 ORDER BY seq`,
      [run.id],
    );
    expect(events).toEqual([
      { state: 'scheduled', total: 0 },
      { state: 'processing', total: 2 },
      { state: 'cancelled', total: 2 },
    ]);
  });

  it("never touches another organisation's list, even when a live flow is altered to name it", async () => {
    const stranger = await t.platform.newOrganisation();
    const theirs = await engineFixture(t).staticList(stranger, 'Theirs');
    const ours = await f.staticList(admin, 'Ours');
    await f.persons(admin, 'forged.test', 2);
    const wait = {
      action_id: 'wait',
      action_type: 'delay' as const,
      action_options: { delay_value: 1, delay_unit: 'hours' },
    };
    const id = await f.runNow(admin, 'Forged', chain(wait, listStep('tag', ours)), 'forged.test');
    const run = await f.settledRun(id, 1, ['processing']);
    await eventually(async () =>
      [...(await f.personStates(run.id)).values()].every((s) => s.state === 'waiting'),
    );
    await t.sql(`UPDATE campaign.campaigns SET flow = replace(flow::text, $2, $3)::jsonb WHERE id = $1`, [
      id,
      ours,
      theirs,
    ]);
    await t.sql(`UPDATE campaign.run_persons SET wake_at = now() WHERE run_id = $1`, [run.id]);
    await t.app.get(JourneyBatchService).wakeDue(new Date());
    expect(await f.settledRun(id)).toMatchObject({ state: 'finished' });
    const states = [...(await f.personStates(run.id)).values()];
    expect(states).toEqual(states.map(() => ({ state: 'failed', outcome: stepFailures.listMissing })));
    expect(await f.listMembers(theirs)).toEqual([]);
  });
});
