import {
  personCreateContract,
  personFieldsListContract,
  personGetContract,
  personListContract,
  personLookupContract,
  personRemoveContract,
  personUnsubscribeStatusContract,
  personUnsubscribeToggleContract,
  personUpdateContract,
  settingsGetContract,
  tokenCodeVerifyContract,
} from '@meridian/contracts';
import type { SignedIn } from '@meridian/testing';
import { type CampaignTestApp, startCampaignTestApp } from './support/campaign-test-app';

describe('PersonsController', () => {
  let t: CampaignTestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    t = await startCampaignTestApp();
    admin = await t.platform.newOrganisation();
  });

  afterAll(async () => {
    await t?.close();
  });

  beforeEach(async () => {
    await t.sql('TRUNCATE campaign.persons CASCADE');
  });

  async function newPerson(email: string): Promise<string> {
    const response = await t.call(personCreateContract, { email }, admin).expect(200);
    return (response.body as { person_id: string }).person_id;
  }

  it('creates a contact and reads it back with default field metadata', async () => {
    const id = await newPerson('Ada@Example.com');
    const response = await t.call(personGetContract, { person_id: id }, admin).expect(200);
    const person = response.body.person;
    expect(person.email).toBe('Ada@Example.com');
    const email = person.default_fields.find((f: { name: string }) => f.name === 'email');
    expect(email).toMatchObject({ type: 'string', required: true, value: 'Ada@Example.com', custom: false });
    expect(person.custom_fields).toEqual([]);
  });

  it('refuses an invalid email with the spec message', async () => {
    const response = await t.call(personCreateContract, { email: 'not-an-email' }, admin).expect(400);
    expect(response.body.description).toBe('Valid email is required');
  });

  it('refuses a duplicate email in another case', async () => {
    await newPerson('dup@example.com');
    const response = await t.call(personCreateContract, { email: 'DUP@example.com' }, admin).expect(409);
    expect(response.body.code).toBe('PersonAlreadyExistsException');
  });

  it("filters by date added in the viewer's days (instants) or in UTC days (a bare day, or with T00:00)", async () => {
    const id = await newPerson('late-evening@example.com');
    // 19:00 in Los Angeles on the 27th is already the 28th in UTC.
    await t.sql(`UPDATE campaign.persons SET _created_time = '2026-11-28T03:00:00Z' WHERE id = $1`, [id]);
    const found = async (range: { start_date: string; end_date: string }) => {
      const { body } = await t
        .call(personListContract, { page_size: 10, page_number: 1, keyword: 'late-evening', ...range }, admin)
        .expect(200);
      return (body.records as { email: string }[]).map((r) => r.email);
    };
    // Los Angeles' 27th: from its midnight (08:00Z) to the next (exclusive).
    expect(
      await found({ start_date: '2026-11-27T08:00:00.000Z', end_date: '2026-11-28T08:00:00.000Z' }),
    ).toEqual(['late-evening@example.com']);
    expect(
      await found({ start_date: '2026-11-28T08:00:00.000Z', end_date: '2026-11-29T08:00:00.000Z' }),
    ).toEqual([]);
    // UTC days, as a bare day or with the spec's T00:00: the contact is on the 28th.
    expect(await found({ start_date: '2026-11-27', end_date: '2026-11-27' })).toEqual([]);
    expect(await found({ start_date: '2026-11-28', end_date: '2026-11-28' })).toEqual([
      'late-evening@example.com',
    ]);
    expect(await found({ start_date: '2026-11-28T00:00', end_date: '2026-11-28T00:00' })).toEqual([
      'late-evening@example.com',
    ]);
    const refused = await t
      .call(personListContract, { page_size: 10, page_number: 1, start_date: 'soon' }, admin)
      .expect(400);
    expect(refused.body.fields.start_date).toEqual(['Invalid date']);
  });

  it('refuses a date-added range that ends before it starts (spec 5 "Date range")', async () => {
    const reversed = await t
      .call(personListContract, { start_date: '2026-11-28', end_date: '2026-11-27' }, admin)
      .expect(400);
    expect(reversed.body).toMatchObject({
      code: 'ValidationException',
      fields: { end_date: ['End date must be after start date'] },
    });
    await t
      .call(
        personListContract,
        { start_date: '2026-11-28T08:00:00.000Z', end_date: '2026-11-28T07:00:00.000Z' },
        admin,
      )
      .expect(400);
    await t.call(personListContract, { start_date: '2026-11-28', end_date: '2026-11-28' }, admin).expect(200);
  });

  it('lists contacts with keyword search, paging and the requested columns', async () => {
    for (const e of ['a1@x.com', 'a2@x.com', 'b1@y.com']) await newPerson(e);
    const id = (await t.sql<{ id: string }>(`SELECT id FROM campaign.persons WHERE email = 'b1@y.com'`))[0]!
      .id;
    await t
      .call(personUpdateContract, { person_id: id, default_fields: { first_name: 'Zed' } }, admin)
      .expect(200);

    const all = await t.call(personListContract, { page_size: 2, page_number: 1 }, admin).expect(200);
    expect(all.body).toMatchObject({ total_count: 3, page_count: 2 });
    expect(all.body.records).toHaveLength(2);
    expect(Object.keys(all.body.records[0])).toEqual(
      expect.arrayContaining(['email', 'first_name', 'company_name', '_created_time']),
    );

    const byName = await t.call(personListContract, { keyword: 'zed' }, admin).expect(200);
    expect(byName.body.records.map((r: { email: string }) => r.email)).toEqual(['b1@y.com']);

    const wildcard = await t.call(personListContract, { keyword: '%' }, admin).expect(200);
    expect(wildcard.body.total_count).toBe(0);

    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const future = await t.call(personListContract, { start_date: tomorrow }, admin).expect(200);
    expect(future.body.total_count).toBe(0);

    const unknown = await t.call(personListContract, { columns: ['nope'] }, admin).expect(400);
    expect(unknown.body.code).toBe('ValidationException');
  });

  it('updates fields, enforcing length, read-only, unknown fields and email uniqueness', async () => {
    const id = await newPerson('edit@example.com');
    await newPerson('taken@example.com');

    const ok = await t
      .call(
        personUpdateContract,
        { person_id: id, default_fields: { first_name: 'Grace', title: 'CTO' } },
        admin,
      )
      .expect(200);
    expect(ok.body.person.default_fields.find((f: { name: string }) => f.name === 'first_name').value).toBe(
      'Grace',
    );

    const tooLong = await t
      .call(personUpdateContract, { person_id: id, default_fields: { phone_number: '1'.repeat(51) } }, admin)
      .expect(400);
    expect(tooLong.body.fields['default_fields.phone_number']).toEqual([
      'Phone must be at most 50 characters',
    ]);

    const readOnly = await t
      .call(personUpdateContract, { person_id: id, default_fields: { org_id: 'acme' } }, admin)
      .expect(400);
    expect(readOnly.body.fields['default_fields.org_id']).toEqual(['Org ID is read-only']);

    const unknown = await t
      .call(personUpdateContract, { person_id: id, custom_fields: { shoe: '42' } }, admin)
      .expect(400);
    expect(unknown.body.fields['custom_fields.shoe']).toEqual(['Unknown field']);

    const taken = await t
      .call(personUpdateContract, { person_id: id, default_fields: { email: 'TAKEN@example.com' } }, admin)
      .expect(409);
    expect(taken.body.code).toBe('PersonAlreadyExistsException');
    const [row] = await t.sql<{ email: string; first_name: string }>(
      'SELECT * FROM campaign.persons WHERE id = $1',
      [id],
    );
    expect(row).toMatchObject({ email: 'edit@example.com', first_name: 'Grace' });
  });

  it('takes the email beside the fields (spec 7) as the email field', async () => {
    const id = await newPerson('before@example.com');
    await newPerson('other@example.com');
    const moved = await t
      .call(personUpdateContract, { person_id: id, email: 'after@example.com' }, admin)
      .expect(200);
    expect(moved.body.person.email).toBe('after@example.com');
    const taken = await t
      .call(personUpdateContract, { person_id: id, email: 'other@example.com' }, admin)
      .expect(409);
    expect(taken.body.code).toBe('PersonAlreadyExistsException');
    // Errors come back under the field the caller sent.
    expect(taken.body.fields).toEqual({ email: ['A contact with this email already exists'] });
    const invalid = await t
      .call(personUpdateContract, { person_id: id, email: 'not an email' }, admin)
      .expect(400);
    expect(invalid.body.fields).toEqual({ email: ['Valid email is required'] });
    // The field itself wins when both are given.
    const both = await t
      .call(
        personUpdateContract,
        { person_id: id, email: 'ignored@example.com', default_fields: { email: 'field@example.com' } },
        admin,
      )
      .expect(200);
    expect(both.body.person.email).toBe('field@example.com');
  });

  it('removes a contact only when the confirmation email matches', async () => {
    const id = await newPerson('bye@example.com');
    await t.call(personRemoveContract, { contact_id: id, email: 'other@example.com' }, admin).expect(400);
    await t.call(personRemoveContract, { contact_id: id, email: 'BYE@example.com' }, admin).expect(200);
    await t.call(personGetContract, { person_id: id }, admin).expect(404);
  });

  it('tells other services which person was deleted (personsDeleted, in the deleting transaction)', async () => {
    const id = await newPerson('gone@example.com');
    const stranger = await t.platform.newOrganisation();
    await t.call(personRemoveContract, { contact_id: id, email: 'gone@example.com' }, stranger).expect(404);
    const published = () =>
      t.sql<{ payload: { organisation_id: string; persons: unknown[] } }>(
        `SELECT payload FROM campaign.outbox WHERE name = 'campaign.persons.deleted.v1'
           AND payload->'persons' @> $1::jsonb`,
        [JSON.stringify([{ person_id: id }])],
      );
    expect(await published()).toEqual([]);
    await t.call(personRemoveContract, { contact_id: id, email: 'gone@example.com' }, admin).expect(200);
    expect((await published()).map((r) => r.payload)).toEqual([
      {
        organisation_id: admin.organisation.id,
        persons: [{ person_id: id, email: 'gone@example.com' }],
        occurred_at: expect.any(String),
      },
    ]);
  });

  it('toggles the subscription status', async () => {
    const id = await newPerson('sub@example.com');
    expect((await t.call(personUnsubscribeStatusContract, { person_id: id }, admin)).body).toEqual({
      unsubscribed: false,
    });
    expect((await t.call(personUnsubscribeToggleContract, { person_id: id }, admin)).body).toEqual({
      unsubscribed: true,
    });
    expect((await t.call(personUnsubscribeStatusContract, { person_id: id }, admin)).body).toEqual({
      unsubscribed: true,
    });
  });

  it('keeps an unsubscribed address suppressed after its contact is removed, so a re-added contact is not mailed', async () => {
    const gone = await newPerson('Opted.Out@example.com');
    const kept = await newPerson('still-here@example.com');
    await t.call(personUnsubscribeToggleContract, { person_id: gone }, admin).expect(200);
    await t
      .call(personRemoveContract, { contact_id: gone, email: 'opted.out@example.com' }, admin)
      .expect(200);
    await t
      .call(personRemoveContract, { contact_id: kept, email: 'still-here@example.com' }, admin)
      .expect(200);
    const suppressed = await t.sql<{ email: string; reason: string }>(
      `SELECT email, reason FROM campaign.suppressions WHERE organisation_id = $1 ORDER BY email`,
      [admin.organisation.id],
    );
    expect(suppressed).toEqual([{ email: 'opted.out@example.com', reason: 'manual' }]);
  });

  it('looks a person up by email in both campaign contexts', async () => {
    const id = await newPerson('look@example.com');
    const [{ organisation_id }] = await t.sql<{ organisation_id: string }>(
      'SELECT organisation_id FROM campaign.persons WHERE id = $1',
      [id],
    );
    await t.sql(
      `INSERT INTO campaign.person_org (organisation_id, email, org_id) VALUES ($1, 'look@example.com', 'acme')`,
      [organisation_id],
    );
    const person = await t.call(
      personLookupContract,
      { email: 'LOOK@example.com', campaign_context: 'person' },
      admin,
    );
    expect(person.body.rows).toEqual([expect.objectContaining({ id, campaign_context: 'person' })]);
    const org = await t.call(
      personLookupContract,
      { email: 'look@example.com', campaign_context: 'org' },
      admin,
    );
    expect(org.body.rows).toEqual([expect.objectContaining({ org_id: 'acme', campaign_context: 'org' })]);
  });

  it('answers the settings with the one_to_one default', async () => {
    const response = await t.call(settingsGetContract, {}, admin).expect(200);
    expect(response.body).toEqual({ settings: { person_org_mapping: 'one_to_one', email: null } });
  });

  it("lists the person fields with their flags for other services, the caller's organisation only", async () => {
    const stranger = await t.platform.newOrganisation();
    // Seeds the defaults, then adds one custom field to the admin's organisation.
    await t.call(personFieldsListContract, {}, admin).expect(200);
    await t.sql(
      `INSERT INTO campaign.person_fields
         (organisation_id, name, display, type, length, read_only, updatable, required, hidden, custom, position)
       VALUES ($1, 'seats', 'Seats', 'integer', NULL, false, true, false, false, true, 1000)`,
      [admin.organisation.id],
    );
    const { body } = await t.call(personFieldsListContract, {}, admin).expect(200);
    expect(body.fields[0]).toMatchObject({ name: 'email', required: true, custom: false });
    expect(body.fields.find((f: { name: string }) => f.name === 'org_id')).toMatchObject({
      read_only: true,
      updatable: false,
    });
    expect(body.fields[body.fields.length - 1]).toEqual({
      name: 'seats',
      display: 'Seats',
      type: 'integer',
      length: null,
      read_only: false,
      updatable: true,
      required: false,
      hidden: false,
      custom: true,
    });
    const other = await t.call(personFieldsListContract, {}, stranger).expect(200);
    expect(other.body.fields.map((f: { name: string }) => f.name)).not.toContain('seats');
    await t.sql(`DELETE FROM campaign.person_fields WHERE organisation_id = $1 AND name = 'seats'`, [
      admin.organisation.id,
    ]);
  });

  it('treats a custom field named like an inherited member (constructor) as a field like any other', async () => {
    const org = await t.platform.newOrganisation();
    await t.call(personFieldsListContract, {}, org).expect(200);
    await t.sql(
      `INSERT INTO campaign.person_fields
         (organisation_id, name, display, type, length, read_only, updatable, required, hidden, custom, position)
       VALUES ($1, 'constructor', 'Constructor', 'string', NULL, false, true, false, false, true, 1000)`,
      [org.organisation.id],
    );
    const created = await t.call(personCreateContract, { email: 'builder@example.com' }, org).expect(200);
    const id = created.body.person_id as string;
    const read = async () =>
      (await t.call(personGetContract, { person_id: id }, org).expect(200)).body.person.custom_fields;
    expect(await read()).toEqual([expect.objectContaining({ name: 'constructor', value: null })]);
    await t
      .call(
        personUpdateContract,
        { person_id: id, default_fields: {}, custom_fields: { constructor: 'Bob' } },
        org,
      )
      .expect(200);
    expect(await read()).toEqual([expect.objectContaining({ name: 'constructor', value: 'Bob' })]);
    const listed = await t
      .call(personListContract, { columns: ['email', 'constructor', 'title'] }, org)
      .expect(200);
    expect(listed.body.records[0]).toMatchObject({ constructor: 'Bob', title: null });
    // Token code is checked against a sample person carrying every field.
    expect(
      (await t.call(tokenCodeVerifyContract, { token: '{{ person.first_name }}' }, org).expect(200)).body,
    ).toEqual({ return_type: 'string' });
  });

  it('refuses calls without a token', async () => {
    await t.http().post(personListContract.fullPath).send({}).expect(401);
  });
});
