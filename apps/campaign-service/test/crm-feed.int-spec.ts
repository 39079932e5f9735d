import { randomUUID } from 'node:crypto';
import {
  campaignCreateContract,
  type crmPersonsExported,
  events,
  type EventPayload,
} from '@meridian/contracts';
import { EventPublisher } from '@meridian/server-kit';
import { eventually, type SignedIn } from '@meridian/testing';
import { DataSource } from 'typeorm';
import { CrmChangesService, FEED_PAGE_SIZE } from '../src/modules/contacts/crm-feed/crm-changes.service';
import { CrmFeedService } from '../src/modules/contacts/crm-feed/crm-feed.service';
import { PersonsService } from '../src/modules/contacts/persons/persons.service';
import { type CampaignTestApp, startCampaignTestApp } from './support/campaign-test-app';
import { audienceOf, chain, engineFixture } from './support/engine-fixture';

type Exported = EventPayload<typeof crmPersonsExported>;
type Configured = EventPayload<typeof events.crmPushConfigured>;

const HOUR = 3_600_000;

describe('CRM push feed', () => {
  let t: CampaignTestApp;
  let admin: SignedIn;
  let other: SignedIn;

  /** Publishes an event through the app's outbox, as the integrations service's would arrive. */
  async function publish(
    definition: (typeof events)[keyof typeof events],
    payload: unknown,
  ): Promise<string> {
    const publisher = t.app.get(EventPublisher);
    return t.app
      .get(DataSource)
      .transaction((manager) => publisher.publish(manager, definition, payload as never));
  }

  /** Waits until the feed's consumer has taken an event. */
  const consumed = (eventId: string) =>
    eventually(
      async () =>
        (
          await t.sql(
            `SELECT 1 FROM campaign.processed_events WHERE consumer = 'crm-feed' AND event_id = $1`,
            [eventId],
          )
        ).length === 1,
      { what: 'the event to be consumed', timeoutMs: 60_000 },
    );

  /** Configures a feed (enabled an hour ago unless told) and waits until the setting is taken. */
  async function configure(setting: Partial<Configured> & { connection_id: string }, who = admin) {
    const payload: Configured = {
      organisation_id: who.organisation.id,
      enabled: true,
      fields: ['first_name', 'plan'],
      inclusion_list: null,
      occurred_at: new Date(Date.now() - HOUR).toISOString(),
      ...setting,
    };
    await consumed(await publish(events.crmPushConfigured, payload));
  }

  /** Persons at a domain whose last change was `agoMs` ago; their ids in email order. */
  async function persons(who: SignedIn, domain: string, count: number, agoMs: number): Promise<string[]> {
    const rows = await t.sql<{ id: string }>(
      `INSERT INTO campaign.persons (organisation_id, email, first_name, custom_fields, _updated_time)
       SELECT $1, 'p' || g || '@' || $2, 'Pat ' || g, jsonb_build_object('plan', 'pro', 'seats', g),
              now() - make_interval(secs => $4::double precision / 1000)
         FROM generate_series(1, $3::int) g ORDER BY g
       RETURNING id`,
      [who.organisation.id, domain, count, agoMs],
    );
    return rows.map((r) => r.id);
  }

  /** Every export of a connection, oldest first. */
  async function exported(connectionId: string): Promise<Exported[]> {
    const rows = await t.sql<{ payload: Exported }>(
      `SELECT payload FROM campaign.outbox WHERE name = $1 AND payload ->> 'connection_id' = $2 ORDER BY seq`,
      [events.crmPersonsExported.name, connectionId],
    );
    return rows.map((r) => r.payload);
  }

  const exportedIds = async (connectionId: string) =>
    (await exported(connectionId)).flatMap((e) => e.persons.map((p) => p.person_id)).sort();

  const exportNow = (connectionId: string) => t.app.get(CrmChangesService).exportChanged(connectionId);

  beforeAll(async () => {
    t = await startCampaignTestApp();
    admin = await t.platform.newOrganisation();
    other = await t.platform.newOrganisation();
    for (const who of [admin, other]) {
      await t.app.get(PersonsService).fieldDefinitions(who.organisation.id);
      await t.sql(
        `INSERT INTO campaign.person_fields (organisation_id, name, display, type, custom)
         VALUES ($1, 'plan', 'Plan', 'string', true), ($1, 'seats', 'Seats', 'integer', true)`,
        [who.organisation.id],
      );
    }
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('exports the persons changed since the feed was enabled once, with the configured fields', async () => {
    const connection = randomUUID();
    const before = await persons(admin, 'old.feed.test', 2, 2 * HOUR);
    const changed = await persons(admin, 'new.feed.test', 3, 60_000);
    const elsewhere = await persons(other, 'new.feed.test', 2, 60_000);
    // Enabling queues the feed's export job; the worker exports what changed in the last hour.
    await configure({ connection_id: connection });
    await eventually(async () => (await exportedIds(connection)).length >= 3, {
      what: 'the export job to publish the changed persons',
      timeoutMs: 60_000,
    });
    await exportNow(connection);
    expect(await exportedIds(connection)).toEqual([...changed].sort());
    const [batch] = await exported(connection);
    expect(batch).toMatchObject({
      organisation_id: admin.organisation.id,
      reason: 'changed',
      campaign_id: null,
      request_id: null,
    });
    expect(batch!.persons.find((p) => p.email === 'p2@new.feed.test')!.values).toEqual({
      email: 'p2@new.feed.test',
      first_name: 'Pat 2',
      plan: 'pro',
    });
    expect(before.some((id) => batch!.persons.some((p) => p.person_id === id))).toBe(false);
    expect(elsewhere.some((id) => batch!.persons.some((p) => p.person_id === id))).toBe(false);

    // One more change: only that person goes, the others stay exported once.
    await t.sql(`UPDATE campaign.persons SET first_name = 'Pia', _updated_time = now() WHERE id = $1`, [
      changed[0],
    ]);
    // Through the minute's sweep: it queues the feed's job, and the worker exports the change.
    const all = await eventually(
      async () => {
        await t.app.get(CrmFeedService).tick();
        const ids = await exportedIds(connection);
        return ids.length === 4 ? ids : undefined;
      },
      { what: 'the changed person to be exported again', timeoutMs: 60_000, intervalMs: 500 },
    );
    expect(all).toEqual([...changed, changed[0]!].sort());
    const last = (await exported(connection)).at(-1)!;
    expect(last.persons).toEqual([
      expect.objectContaining({
        person_id: changed[0],
        values: expect.objectContaining({ first_name: 'Pia' }),
      }),
    ]);
    const ids = (await exported(connection)).map((e) => e.batch_id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('pages through persons changed in the same instant, each exported once', async () => {
    const connection = randomUUID();
    // One statement: every person has the same change time, so pages split inside it by id.
    const count = 2 * FEED_PAGE_SIZE + 1_234;
    const bulk = await t.platform.newOrganisation();
    const ids = await persons(bulk, 'bulk.feed.test', count, 60_000);
    await configure({ connection_id: connection }, bulk);
    await exportNow(connection);
    const sent = await exportedIds(connection);
    expect(sent).toHaveLength(count);
    expect(new Set(sent).size).toBe(count);
    expect(sent).toEqual([...ids].sort());
    // Three pages, and nothing more on the next call.
    const pages = new Set(
      (await exported(connection)).map((e) => e.batch_id.split(':').slice(0, 3).join(':')),
    );
    expect(pages.size).toBe(3);
    await exportNow(connection);
    expect(await exportedIds(connection)).toHaveLength(count);
  });

  it('pushes only the members of a static inclusion list', async () => {
    const connection = randomUUID();
    const [listRow] = await t.sql<{ id: string }>(
      `INSERT INTO campaign.static_lists (organisation_id, name) VALUES ($1, 'CRM') RETURNING id`,
      [admin.organisation.id],
    );
    const people = await persons(admin, 'static.feed.test', 4, 60_000);
    await t.sql(
      `INSERT INTO campaign.static_list_members (static_list_id, person_id, organisation_id)
       SELECT $1, unnest($2::uuid[]), $3`,
      [listRow!.id, people.slice(0, 2), admin.organisation.id],
    );
    await configure({
      connection_id: connection,
      inclusion_list: { list_id: listRow!.id, list_type: 'static' },
    });
    await exportNow(connection);
    expect(await exportedIds(connection)).toEqual(people.slice(0, 2).sort());
  });

  it('pushes only the people of a dynamic inclusion list, compiled as a campaign audience is', async () => {
    const connection = randomUUID();
    const { body } = await t.call(campaignCreateContract, { name: 'CRM audience' }, admin).expect(200);
    const campaignId = body.campaign.campaign_id as string;
    await t.sql(`UPDATE campaign.campaigns SET dynamic_list = $2::jsonb WHERE id = $1`, [
      campaignId,
      JSON.stringify(audienceOf('in.dynamic.test')),
    ]);
    const inside = await persons(admin, 'in.dynamic.test', 3, 60_000);
    await persons(admin, 'out.dynamic.test', 3, 60_000);
    await configure({
      connection_id: connection,
      inclusion_list: { list_id: campaignId, list_type: 'dynamic' },
    });
    await exportNow(connection);
    expect(await exportedIds(connection)).toEqual([...inside].sort());

    // Another organisation's campaign as the list: its audience is never read for this feed.
    const foreign = randomUUID();
    await configure(
      { connection_id: foreign, inclusion_list: { list_id: campaignId, list_type: 'dynamic' } },
      other,
    );
    await persons(other, 'in.dynamic.test', 2, 60_000);
    await exportNow(foreign);
    expect(await exported(foreign)).toEqual([]);
  });

  it('exports nothing for a feed that is disabled, and ignores another organisation reusing a connection id', async () => {
    const connection = randomUUID();
    await configure({ connection_id: connection });
    await exportNow(connection);
    const already = (await exported(connection)).length;
    await configure({
      connection_id: connection,
      enabled: false,
      occurred_at: new Date(Date.now() - HOUR / 2).toISOString(),
    });
    await persons(admin, 'disabled.feed.test', 3, 60_000);
    await exportNow(connection);
    expect((await exported(connection)).length).toBe(already);

    const never = randomUUID();
    await configure({ connection_id: never, enabled: false });
    await exportNow(never);
    expect(await exported(never)).toEqual([]);

    // The other organisation says the connection is enabled: the setting stays admin's and disabled.
    await configure(
      { connection_id: connection, fields: ['first_name'], occurred_at: new Date().toISOString() },
      other,
    );
    await persons(other, 'hijack.feed.test', 2, 60_000);
    const [feed] = await t.sql(
      `SELECT organisation_id, enabled FROM campaign.crm_push_feeds WHERE connection_id = $1`,
      [connection],
    );
    expect(feed).toEqual({ organisation_id: admin.organisation.id, enabled: false });
    await exportNow(connection);
    expect((await exported(connection)).length).toBe(already);
  });

  it('answers a resync with the persons of the known emails of the organisation', async () => {
    const connection = randomUUID();
    await configure({ connection_id: connection, fields: ['first_name', 'seats'], enabled: false });
    const [ada] = await persons(admin, 'resync.test', 1, 2 * HOUR);
    await persons(other, 'other.resync.test', 1, 2 * HOUR);
    const requestId = randomUUID();
    await publish(events.crmResyncRequested, {
      organisation_id: admin.organisation.id,
      connection_id: connection,
      request_id: requestId,
      emails: ['P1@Resync.test', 'nobody@resync.test', 'p1@other.resync.test'],
      occurred_at: new Date().toISOString(),
    });
    const answer = await eventually(async () => (await exported(connection))[0], {
      what: 'the resync answer',
      timeoutMs: 60_000,
    });
    expect(answer).toMatchObject({
      reason: 'resync',
      request_id: requestId,
      batch_id: `resync:${requestId}:0`,
    });
    expect(answer.persons).toEqual([
      {
        person_id: ada,
        email: 'p1@resync.test',
        time_updated: expect.any(String),
        values: { email: 'p1@resync.test', first_name: 'Pat 1', seats: 1 },
      },
    ]);

    // Nobody known: one empty answer, so the request is closed.
    const lost = randomUUID();
    await publish(events.crmResyncRequested, {
      organisation_id: admin.organisation.id,
      connection_id: connection,
      request_id: lost,
      emails: ['nobody@resync.test'],
      occurred_at: new Date().toISOString(),
    });
    const empty = await eventually(
      async () => (await exported(connection)).find((e) => e.request_id === lost),
      {
        what: 'the empty resync answer',
        timeoutMs: 60_000,
      },
    );
    expect(empty.persons).toEqual([]);
  });

  it("exports a Salesforce sync step's persons with the feed's fields", async () => {
    const connection = randomUUID();
    await configure({ connection_id: connection, fields: ['last_name', 'seats'], enabled: false });
    const f = engineFixture(t);
    const people = await f.persons(admin, 'step.feed.test', 3);
    const sync = {
      action_id: 'push',
      action_type: 'salesforce_manual_sync' as const,
      action_options: { connection_id: connection },
    };
    const campaignId = await f.runNow(admin, 'CRM step', chain(sync), 'step.feed.test');
    const run = await f.settledRun(campaignId);
    expect(run.state).toBe('finished');
    const batches = await exported(connection);
    expect(batches).toHaveLength(1);
    expect(batches[0]).toMatchObject({
      reason: 'flow_step',
      campaign_id: campaignId,
      run_id: run.id,
      action_id: 'push',
    });
    expect(batches[0]!.persons.map((p) => p.person_id).sort()).toEqual([...people].sort());
    expect(batches[0]!.persons.map((p) => p.values)).toEqual(
      expect.arrayContaining([{ email: 'p00001@step.feed.test', last_name: null, seats: null }]),
    );
  });
});
