import { randomUUID } from 'node:crypto';
import { type contactsSynced, events, type EventPayload, personGetContract } from '@meridian/contracts';
import { EventPublisher } from '@meridian/server-kit';
import { eventually, type SignedIn } from '@meridian/testing';
import { DataSource } from 'typeorm';
import { type CampaignTestApp, startCampaignTestApp } from './support/campaign-test-app';

type Batch = EventPayload<typeof contactsSynced>;
type Applied = { batch_id: string; inserted: number; updated: number; failed: number; errors: unknown[] };

describe('contactsSynced consumer', () => {
  let t: CampaignTestApp;
  let admin: SignedIn;
  let other: SignedIn;

  const batch = (organisationId: string, rows: Batch['rows'], extra: Partial<Batch> = {}): Batch => ({
    organisation_id: organisationId,
    source: 'warehouse',
    connection_id: randomUUID(),
    sync_run_id: randomUUID(),
    batch_id: randomUUID(),
    new_fields: [{ name: 'plan_seats', display: 'plan_seats', type: 'integer' }],
    rows,
    options: { enable_update: true, overwrite_values: true, ignore_blank: false },
    ...extra,
  });

  /** Publishes through the app's outbox and waits for its answer. */
  async function land(payload: Batch): Promise<Applied> {
    const publisher = t.app.get(EventPublisher);
    await t.app
      .get(DataSource)
      .transaction((manager) => publisher.publish(manager, events.contactsSynced, payload));
    return eventually(
      async () => {
        const [row] = await t.sql<{ payload: Applied }>(
          `SELECT payload FROM campaign.outbox WHERE name = $1 AND payload->>'batch_id' = $2`,
          [events.contactsSyncApplied.name, payload.batch_id],
        );
        return row?.payload;
      },
      { what: 'the batch to be applied', timeoutMs: 60_000 },
    );
  }

  const person = async (organisationId: string, email: string) =>
    (
      await t.sql<{
        first_name: string | null;
        company_name: string | null;
        custom_fields: Record<string, unknown>;
      }>(
        `SELECT first_name, company_name, custom_fields FROM campaign.persons WHERE organisation_id = $1 AND lower(email) = $2`,
        [organisationId, email],
      )
    )[0];

  beforeAll(async () => {
    t = await startCampaignTestApp();
    admin = await t.platform.newOrganisation();
    other = await t.platform.newOrganisation();
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('inserts valid rows with their custom field, refuses bad ones and keeps the last row of an email', async () => {
    const org = admin.organisation.id;
    const applied = await land(
      batch(org, [
        { email: 'ada@example.com', values: { first_name: 'Ada', plan_seats: 5 } },
        { email: 'bob@example.com', values: { first_name: 'Bob', plan_seats: null } },
        { email: 'not-an-email', values: { first_name: 'X' } },
        { email: 'ADA@example.com', values: { first_name: 'Ada L.', plan_seats: 7 } },
      ]),
    );
    expect(applied).toMatchObject({ inserted: 2, updated: 0, failed: 1 });
    expect(applied.errors).toEqual([{ email: 'not-an-email', error: 'Valid email is required' }]);
    expect(await person(org, 'ada@example.com')).toEqual({
      first_name: 'Ada L.',
      company_name: null,
      custom_fields: { plan_seats: 7 },
    });
    const [field] = await t.sql(
      `SELECT type, custom FROM campaign.person_fields WHERE organisation_id = $1 AND name = 'plan_seats'`,
      [org],
    );
    expect(field).toEqual({ type: 'integer', custom: true });
    expect(await person(other.organisation.id, 'ada@example.com')).toBeUndefined();
  });

  it('gives a new contact an id its page can open', async () => {
    const org = admin.organisation.id;
    await land(batch(org, [{ email: 'page@example.com', values: { first_name: 'Page' } }]));
    const [row] = await t.sql<{ id: string }>(
      `SELECT id FROM campaign.persons WHERE organisation_id = $1 AND email = 'page@example.com'`,
      [org],
    );
    const answer = await t.call(personGetContract, { person_id: row!.id }, admin).expect(200);
    expect((answer.body as { person: { email: string } }).person.email).toBe('page@example.com');
  });

  it('updates only changed contacts, leaves fields the batch does not carry, and applies a batch id once', async () => {
    const org = admin.organisation.id;
    await land(batch(org, [{ email: 'cy@example.com', values: { first_name: 'Cy', company_name: 'Acme' } }]));
    const next = batch(org, [
      { email: 'cy@example.com', values: { first_name: 'Cyril' } },
      { email: 'bob@example.com', values: { first_name: 'Bob' } },
    ]);
    expect(await land(next)).toMatchObject({ inserted: 0, updated: 1, failed: 0 });
    expect(await person(org, 'cy@example.com')).toMatchObject({ first_name: 'Cyril', company_name: 'Acme' });

    // The same batch again (a new event id): nothing is applied and no second answer is sent.
    const publisher = t.app.get(EventPublisher);
    const eventId = await t.app.get(DataSource).transaction((manager) =>
      publisher.publish(manager, events.contactsSynced, {
        ...next,
        rows: [{ email: 'dan@example.com', values: {} }],
      }),
    );
    await eventually(
      async () =>
        (
          await t.sql(
            `SELECT 1 FROM campaign.processed_events WHERE consumer = 'contacts-synced' AND event_id = $1`,
            [eventId],
          )
        ).length === 1,
      { what: 'the repeat to be consumed', timeoutMs: 60_000 },
    );
    expect(await person(org, 'dan@example.com')).toBeUndefined();
    const answers = await t.sql(
      `SELECT 1 FROM campaign.outbox WHERE name = $1 AND payload->>'batch_id' = $2`,
      [events.contactsSyncApplied.name, next.batch_id],
    );
    expect(answers).toHaveLength(1);
  });

  it('lands a batch whose contact another transaction creates meanwhile, with exact counts', async () => {
    const org = admin.organisation.id;
    // Another writer holds a new contact with one of the batch's emails, not yet committed.
    const writer = t.app.get(DataSource).createQueryRunner();
    await writer.connect();
    try {
      await writer.startTransaction();
      await writer.query(
        `INSERT INTO campaign.persons (organisation_id, email, first_name) VALUES ($1, 'race@example.com', 'Writer')`,
        [org],
      );
      const payload = batch(org, [
        { email: 'race@example.com', values: { first_name: 'Synced' } },
        { email: 'fresh@example.com', values: { first_name: 'Fresh' } },
      ]);
      const answer = land(payload);
      // The consumer's insert waits on the writer's uncommitted row; then the writer commits.
      await eventually(
        async () =>
          (
            await t.sql(
              `SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'INSERT INTO campaign.persons%'`,
            )
          ).length > 0,
        { what: 'the batch to wait on the writer', timeoutMs: 60_000 },
      );
      await writer.commitTransaction();
      expect(await answer).toMatchObject({ inserted: 1, updated: 1, failed: 0 });
    } finally {
      if (writer.isTransactionActive) await writer.rollbackTransaction();
      await writer.release();
    }
    // The try that met the writer's row left nothing behind; the second one updated that row.
    expect(await person(org, 'race@example.com')).toMatchObject({ first_name: 'Synced' });
    expect(await person(org, 'fresh@example.com')).toMatchObject({ first_name: 'Fresh' });
    const [{ count }] = await t.sql<{ count: number }>(
      `SELECT count(*)::int AS count FROM campaign.persons WHERE organisation_id = $1 AND lower(email) IN ('race@example.com', 'fresh@example.com')`,
      [org],
    );
    expect(count).toBe(2);
  });

  it("takes a Segment identify's user id as the contact's product user id; no other source may set it", async () => {
    const org = admin.organisation.id;
    const productUserId = async (email: string) =>
      (
        await t.sql<{ product_user_id: string | null }>(
          `SELECT product_user_id FROM campaign.persons WHERE organisation_id = $1 AND lower(email) = $2`,
          [org, email],
        )
      )[0]?.product_user_id;
    await land(
      batch(org, [{ email: 'ida@example.com', values: { first_name: 'Ida', product_user_id: 'user-ida' } }], {
        source: 'segment',
        options: { enable_update: true, overwrite_values: true, ignore_blank: true },
      }),
    );
    expect(await productUserId('ida@example.com')).toBe('user-ida');
    // A warehouse column mapped onto it (by a stale mapping) does not reach the read-only field.
    await land(batch(org, [{ email: 'ida@example.com', values: { product_user_id: 'from-warehouse' } }]));
    await land(batch(org, [{ email: 'jo@example.com', values: { product_user_id: 'from-warehouse' } }]));
    expect([await productUserId('ida@example.com'), await productUserId('jo@example.com')]).toEqual([
      'user-ida',
      null,
    ]);
  });
});
