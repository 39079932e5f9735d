import type { Flow } from '@meridian/contracts';
import { FLOW_ROOT } from '@meridian/contracts';
import { eventually, type SignedIn } from '@meridian/testing';
import { JourneyBatchService } from '../src/modules/campaigns/engine/journey-batch.service';
import {
  RunSchedulerService,
  stepRemovedReason,
} from '../src/modules/campaigns/engine/run-scheduler.service';
import { type CampaignTestApp, startCampaignTestApp } from './support/campaign-test-app';
import { chain, engineFixture, listStep, mailStep } from './support/engine-fixture';
import { RecordingMailer, recordingMailerModule } from './support/recording-mailer';

const wait = (actionId: string, branchId: string) => ({
  action_id: actionId,
  action_type: 'delay' as const,
  branch_id: branchId,
  is_deleted: false,
  action_options: { delay_value: 1, delay_unit: 'days' },
});

/** Adas wait, then get a mail; the others wait, then (in the first version) join a list. */
function splitFlow(templateId: string, listId: string | null): Flow {
  const split = {
    action_id: 'split',
    action_type: 'branch_by_filter' as const,
    is_deleted: false,
    action_options: {
      primary_branch_id: 'yes',
      default_branch_id: 'no',
      condition: {
        conditions: [
          {
            sequence_number: 1,
            condition: { filter_type: 'person', filter: 'first_name', operator: 'equals', value: ['Ada'] },
          },
        ],
      },
    },
  };
  const nodes: Flow['nodes'] = [
    split,
    wait('wait-a', 'yes'),
    { ...mailStep('mail-a', templateId), branch_id: 'yes', is_deleted: false },
    wait('wait-b', 'no'),
  ];
  const links: Flow['links'] = [
    { source: FLOW_ROOT, target: 'split', attributes: {} },
    { source: 'split', target: 'wait-a', attributes: { branch_id: 'yes' } },
    { source: 'wait-a', target: 'mail-a', attributes: {} },
    { source: 'split', target: 'wait-b', attributes: { branch_id: 'no' } },
  ];
  if (listId) {
    nodes.push({ ...listStep('tag-b', listId), branch_id: 'no', is_deleted: false });
    links.push({ source: 'wait-b', target: 'tag-b', attributes: {} });
  }
  return { nodes, links };
}

describe('runs across edits: resuming a paused run, and who qualifies again', () => {
  const mailer = new RecordingMailer();
  let t: CampaignTestApp;
  let admin: SignedIn;
  let f: ReturnType<typeof engineFixture>;
  let templateId: string;

  beforeAll(async () => {
    t = await startCampaignTestApp({ RENDER_WORKERS: '1' }, { imports: [recordingMailerModule(mailer)] });
    f = engineFixture(t);
    admin = await t.platform.newOrganisation();
    await f.warmRenderPool(admin);
    templateId = await f.template(admin);
  });

  afterAll(async () => {
    await t?.close();
  });

  /** Waits until every person of the campaign's first run is parked at a delay. */
  async function allWaiting(campaignId: string, count: number) {
    return eventually(async () => {
      const [run] = await f.runs(campaignId);
      const states = run ? await f.personStates(run.id) : new Map();
      return states.size === count && [...states.values()].every((s) => s.state === 'waiting')
        ? run
        : undefined;
    });
  }

  it('walks each person on from their step; a person whose step was removed ends with why', async () => {
    const adas = await f.persons(admin, 'resume.test', 2, 'Ada');
    const bobs = await t.sql<{ id: string }>(
      `INSERT INTO campaign.persons (organisation_id, email, first_name)
       SELECT $1, 'bob' || g || '@resume.test', 'Bob' FROM generate_series(1, 2) g RETURNING id`,
      [admin.organisation.id],
    );
    const list = await f.staticList(admin, 'Bobs after the wait');
    const id = await f.runNow(admin, 'Resumable', splitFlow(templateId, list), 'resume.test');
    const run = (await allWaiting(id, 4))!;

    // 'Edit campaign', the others' list step removed, published active again.
    await f.publish(admin, id, { flow: splitFlow(templateId, null) });

    const [same] = await f.runs(id);
    expect(same).toMatchObject({ id: run.id, state: 'processing' });
    const states = await f.personStates(run.id);
    for (const bob of bobs)
      expect(states.get(bob.id)).toEqual({ state: 'cancelled', outcome: stepRemovedReason });
    for (const ada of adas) expect(states.get(ada)).toEqual({ state: 'waiting', outcome: null });

    // The day passes: the Adas walk on to the mail step of the published flow.
    await t.sql(`UPDATE campaign.run_persons SET wake_at = now() WHERE run_id = $1 AND state = 'waiting'`, [
      run.id,
    ]);
    await t.app.get(JourneyBatchService).wakeDue(new Date());
    await eventually(async () => ((await f.runs(id))[0]!.state === 'finished' ? true : undefined), {
      what: 'the resumed run to finish',
      timeoutMs: 90_000,
    });
    expect(mailer.personsOf('mail-a', run.id).sort()).toEqual([...adas].sort());
    expect(await f.listMembers(list)).toEqual([]);
    const after = await f.personStates(run.id);
    for (const ada of adas) expect(after.get(ada)?.state).toBe('completed');
    expect(await f.runEvents(run.id)).toEqual(['scheduled', 'processing', 'finished']);
  });

  it('publishing an at_once campaign again resumes its run and starts no second one, under every_time too', async () => {
    const people = await f.persons(admin, 'again.test', 2);
    const later = {
      action_id: 'later',
      action_type: 'delay' as const,
      action_options: { delay_value: 1, delay_unit: 'days' },
    };
    const id = await f.runNow(admin, 'Once now', chain(later, mailStep('mail', templateId)), 'again.test', {
      rule: 'every_time',
    });
    const run = (await allWaiting(id, 2))!;

    // 'Edit campaign', then published active again: the paused run goes on.
    await f.publish(admin, id, {});
    // The tick the publish asked for (and any later one) finds nothing due for this campaign.
    expect(await t.app.get(RunSchedulerService).tick(new Date(), id)).toBe(0);
    const all = await f.runs(id);
    expect(all.map((r) => [r.id, r.state])).toEqual([[run.id, 'processing']]);
    expect([...(await f.personStates(run.id)).keys()].sort()).toEqual([...people].sort());
  });

  it("qualifies again under 'once' a person whose earlier entry was cancelled before they got anything", async () => {
    const idle = await f.persons(admin, 'idle.test', 3);
    const tagged = await f.persons(admin, 'tagged.test', 3);
    const list = await f.staticList(admin, 'Tagged first');
    const later = {
      action_id: 'later',
      action_type: 'delay' as const,
      action_options: { delay_value: 1, delay_unit: 'days' },
    };
    // Nothing happens to the first campaign's persons before its delay; the second's join a list.
    const quiet = await f.runNow(admin, 'Quiet', chain(later, mailStep('mail', templateId)), 'idle.test');
    const busy = await f.runNow(admin, 'Busy', chain(listStep('tag', list), later), 'tagged.test');
    await allWaiting(quiet, 3);
    await allWaiting(busy, 3);
    expect(await f.listMembers(list)).toEqual([...tagged].sort());

    for (const id of [quiet, busy]) {
      // Published inactive: the open run is cancelled; then active again: a new run now.
      await f.publish(admin, id, {}, false);
      expect((await f.runs(id))[0]!.state).toBe('cancelled');
      await f.publish(admin, id, { schedule: { run_type: 'at_once' } });
    }
    const again = await f.settledRun(quiet, 2, ['processing', 'finished']);
    expect(again.total_count).toBe(3);
    expect([...(await f.personStates(again.id)).keys()].sort()).toEqual([...idle].sort());
    // The list step acted on them: their cancelled entry still counts under 'once'.
    expect(await f.settledRun(busy, 2, ['skipped'])).toMatchObject({ state: 'skipped', total_count: 0 });
  });
});
