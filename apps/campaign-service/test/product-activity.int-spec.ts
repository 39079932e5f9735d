import { randomUUID } from 'node:crypto';
import {
  audiencePreviewContract,
  contactsSyncApplied,
  type EventDefinition,
  type EventPayload,
  personCreateContract,
  productEventsIngested,
} from '@meridian/contracts';
import { EventPublisher } from '@meridian/server-kit';
import { eventually, type SignedIn } from '@meridian/testing';
import { DataSource } from 'typeorm';
import { type CampaignTestApp, startCampaignTestApp } from './support/campaign-test-app';

type ProductEvent = EventPayload<typeof productEventsIngested>['events'][number];

const event = (over: Partial<ProductEvent>): ProductEvent => ({
  message_id: randomUUID(),
  email: null,
  user_id: null,
  anonymous_id: null,
  org_id: null,
  event_name: 'Report Built',
  event_date: new Date().toISOString(),
  properties: {},
  ...over,
});

/** A dynamic list of persons who did `name` exactly once (an outer group around the activity group). */
const didEvent = (name: string) => ({
  conditions: [
    {
      type: 'group',
      name: 'G',
      connector: '',
      children: [
        {
          type: 'group',
          filter_type: 'product_activity',
          filter: name,
          connector: '',
          children: [
            {
              type: 'filter',
              filter_type: 'product_activity',
              filter: 'frequency',
              operator: 'exactly',
              value: [1],
              connector: '',
            },
          ],
        },
      ],
    },
  ],
});

describe('ProductActivityConsumer', () => {
  let t: CampaignTestApp;
  let admin: SignedIn;
  let stranger: SignedIn;

  beforeAll(async () => {
    t = await startCampaignTestApp();
    admin = await t.platform.newOrganisation();
    stranger = await t.platform.newOrganisation();
  }, 180_000);

  afterAll(() => t?.close());

  async function publish<D extends EventDefinition>(
    definition: D,
    payload: EventPayload<D>,
  ): Promise<string> {
    const publisher = t.app.get(EventPublisher);
    return t.app.get(DataSource).transaction((manager) => publisher.publish(manager, definition, payload));
  }

  const processed = (eventId: string) =>
    eventually(
      async () =>
        (
          await t.sql(
            `SELECT 1 FROM campaign.processed_events WHERE consumer LIKE '%product-activity' AND event_id = $1`,
            [eventId],
          )
        ).length === 1,
      { what: 'the event to be consumed' },
    );

  async function newPerson(who: SignedIn, email: string, productUserId?: string): Promise<string> {
    const { body } = await t.call(personCreateContract, { email }, who).expect(200);
    if (productUserId) {
      await t.sql(`UPDATE campaign.persons SET product_user_id = $2 WHERE id = $1`, [
        body.person_id,
        productUserId,
      ]);
    }
    return body.person_id as string;
  }

  const activity = (who: SignedIn) =>
    t.sql<{ person_id: string; event_name: string; message_id: string; event_properties: object }>(
      `SELECT person_id, event_name, message_id, event_properties FROM campaign.person_product_activity
        WHERE organisation_id = $1 ORDER BY event_date, message_id`,
      [who.organisation.id],
    );

  it('stores events of persons found by email or user id once per message id, in their organisation only', async () => {
    const ada = await newPerson(admin, 'ada@example.com');
    const bob = await newPerson(admin, 'bob@example.com', 'user-bob');
    await newPerson(stranger, 'ada@example.com', 'user-bob');
    const repeated = event({
      email: 'ADA@example.com',
      event_name: 'Exported',
      properties: { format: 'csv' },
    });
    const id = await publish(productEventsIngested, {
      organisation_id: admin.organisation.id,
      source: 'segment',
      batch_id: randomUUID(),
      events: [repeated, event({ user_id: 'user-bob', event_name: 'Logged In' }), repeated],
    });
    await processed(id);
    // A second delivery of the same message ids (the sender retried) changes nothing.
    await processed(
      await publish(productEventsIngested, {
        organisation_id: admin.organisation.id,
        source: 'segment',
        batch_id: randomUUID(),
        events: [repeated],
      }),
    );
    const rows = await activity(admin);
    expect(rows.map((r) => [r.person_id, r.event_name])).toEqual(
      expect.arrayContaining([
        [ada, 'Exported'],
        [bob, 'Logged In'],
      ]),
    );
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.person_id === ada)?.event_properties).toEqual({ format: 'csv' });
    expect(await activity(stranger)).toEqual([]);

    const preview = await t.call(audiencePreviewContract, { query: didEvent('Exported') }, admin).expect(200);
    expect(preview.body.audience_list.rows.map((r: { email: string }) => r.email)).toEqual([
      'ada@example.com',
    ]);
  });

  it('parks events of persons not known yet and stores them when the person lands', async () => {
    const early = event({ email: 'carol@example.com', event_name: 'Signed Up', message_id: 'early-1' });
    await processed(
      await publish(productEventsIngested, {
        organisation_id: admin.organisation.id,
        source: 'segment',
        batch_id: randomUUID(),
        events: [early, event({ anonymous_id: 'anon-only', event_name: 'Anonymous' })],
      }),
    );
    expect(
      await t.sql(`SELECT message_id FROM campaign.product_activity_pending WHERE organisation_id = $1`, [
        admin.organisation.id,
      ]),
    ).toEqual([{ message_id: 'early-1' }]);
    const carol = await newPerson(admin, 'carol@example.com');
    await processed(
      await publish(contactsSyncApplied, {
        organisation_id: admin.organisation.id,
        source: 'segment',
        connection_id: null,
        sync_run_id: null,
        batch_id: randomUUID(),
        inserted: 1,
        updated: 0,
        failed: 0,
        errors: [],
      }),
    );
    expect((await activity(admin)).filter((r) => r.message_id === 'early-1').map((r) => r.person_id)).toEqual(
      [carol],
    );
    expect(
      await t.sql(`SELECT 1 FROM campaign.product_activity_pending WHERE organisation_id = $1`, [
        admin.organisation.id,
      ]),
    ).toEqual([]);
  });

  it('makes the users of calls that name an org its product users, by email or by their user id', async () => {
    await newPerson(admin, 'erin@example.com', 'user-erin');
    const id = await publish(productEventsIngested, {
      organisation_id: admin.organisation.id,
      source: 'segment',
      batch_id: randomUUID(),
      events: [
        event({ email: 'Dana@example.com', user_id: 'user-dana', org_id: 'acme', event_name: 'Group' }),
        event({ user_id: 'user-erin', org_id: 'acme', event_name: 'Group' }),
        event({ user_id: 'user-erin', org_id: 'globex', event_name: 'Report Built' }),
        // No org named, or no way to know the user's email: no product user.
        event({ email: 'dana@example.com', event_name: 'Logged In' }),
        event({ user_id: 'user-unknown', org_id: 'acme', event_name: 'Group' }),
      ],
    });
    await processed(id);
    // Named again later, without a user id: the membership stays, with its user id.
    await processed(
      await publish(productEventsIngested, {
        organisation_id: admin.organisation.id,
        source: 'segment',
        batch_id: randomUUID(),
        events: [event({ email: 'dana@example.com', org_id: 'acme', event_name: 'Report Built' })],
      }),
    );
    const members = await t.sql(
      `SELECT lower(email) AS email, org_id, product_user_id FROM campaign.person_org
        WHERE organisation_id = $1 ORDER BY 1, 2`,
      [admin.organisation.id],
    );
    expect(members).toEqual([
      { email: 'dana@example.com', org_id: 'acme', product_user_id: 'user-dana' },
      { email: 'erin@example.com', org_id: 'acme', product_user_id: 'user-erin' },
      { email: 'erin@example.com', org_id: 'globex', product_user_id: 'user-erin' },
    ]);
    expect(
      await t.sql(`SELECT 1 FROM campaign.person_org WHERE organisation_id = $1`, [stranger.organisation.id]),
    ).toEqual([]);
  });
});
