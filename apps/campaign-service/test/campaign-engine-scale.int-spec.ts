import { campaignsListContract, healthContracts } from '@meridian/contracts';
import type { SignedIn } from '@meridian/testing';
import { type CampaignTestApp, startCampaignTestApp } from './support/campaign-test-app';
import { chain, engineFixture, listStep, mailStep } from './support/engine-fixture';
import { RecordingMailer, recordingMailerModule } from './support/recording-mailer';

const PERSONS = 2000;

/**
 * Two instances of the service on one database, as two replicas: the first serves HTTP and runs
 * jobs ('all'), the second is a worker replica. They share one run without walking anyone twice.
 */
describe('campaign engine on two instances', () => {
  const first = new RecordingMailer();
  const second = new RecordingMailer();
  let a: CampaignTestApp;
  let b: CampaignTestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    a = await startCampaignTestApp({}, { imports: [recordingMailerModule(first)] });
    b = await startCampaignTestApp(
      { SERVICE_ROLE: 'worker' },
      { imports: [recordingMailerModule(second)], shareWith: a },
    );
    admin = await a.platform.newOrganisation();
  });

  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it(`shares a run of ${PERSONS} persons: each mailed once, each in one terminal state`, async () => {
    const f = engineFixture(a);
    const people = await f.persons(admin, 'scale.test', PERSONS);
    const list = await f.staticList(admin, 'Reached');
    const template = await f.template(admin);
    const id = await f.runNow(
      admin,
      'Big send',
      chain(mailStep('mail', template), listStep('tag', list)),
      'scale.test',
    );
    const run = await f.settledRun(id);
    expect(run).toMatchObject({ state: 'finished', total_count: PERSONS });

    const mailed = [...first.personsOf('mail', run.id), ...second.personsOf('mail', run.id)];
    expect(mailed).toHaveLength(PERSONS);
    expect(new Set(mailed)).toEqual(new Set(people));
    const states = await f.personStates(run.id);
    expect(states.size).toBe(PERSONS);
    expect([...states.values()].every((s) => s.state === 'completed')).toBe(true);
    expect(await f.listMembers(list)).toHaveLength(PERSONS);
    expect(await f.runEvents(run.id)).toEqual(['scheduled', 'processing', 'finished']);
  });

  it('answers only its health check on the worker replica', async () => {
    await b.http().get(healthContracts.campaign.fullPath).expect(200);
    await b.call(campaignsListContract, { page_number: 1, page_size: 10 }, admin).expect(404);
    await a.call(campaignsListContract, { page_number: 1, page_size: 10 }, admin).expect(200);
  });
});
