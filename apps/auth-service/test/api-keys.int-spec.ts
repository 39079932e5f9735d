import { createHash } from 'node:crypto';
import { ADMINS_ONLY_API_KEYS, apiKeyCreateContract, apiKeyListContract } from '@meridian/contracts';
import { ok } from '@meridian/testing';
import { startAuthTestApp, type AuthTestApp } from './support/auth-test-app';

describe('api keys', () => {
  let t: AuthTestApp;

  beforeAll(async () => {
    t = await startAuthTestApp();
  });

  afterAll(async () => {
    await t?.close();
  });

  it('shows a new key once and stores only its hash', async () => {
    const admin = await t.factories.newOrganisation();
    const created = ok(
      await t.call(apiKeyCreateContract, { label: 'Segment', key_type: 'segment' }, { token: admin.bearer }),
    ).body;
    expect(created.api_key).toMatchObject({
      label: 'Segment',
      key_type: 'segment',
      created_by_id: admin.account.id,
    });
    const key: string = created.api_key.key;
    expect(key).toMatch(/^mk_[A-Za-z0-9_-]{43}$/);
    expect(key.startsWith(created.api_key.prefix)).toBe(true);

    const list = ok(await t.call(apiKeyListContract, {}, { token: admin.bearer })).body;
    expect(list.api_keys).toEqual([
      expect.objectContaining({ id: created.api_key.id, prefix: created.api_key.prefix }),
    ]);
    expect(JSON.stringify(list)).not.toContain(key);

    const stored = await t.sql.query('SELECT key_hash FROM auth.api_keys WHERE id = $1', [
      created.api_key.id,
    ]);
    expect(stored.rows[0].key_hash).toBe(createHash('sha256').update(key).digest('hex'));
  });

  it('retires the earlier key of a type when a new one is created', async () => {
    const admin = await t.factories.newOrganisation();
    const first = ok(
      await t.call(apiKeyCreateContract, { label: 'Segment', key_type: 'segment' }, { token: admin.bearer }),
    ).body.api_key;
    const second = ok(
      await t.call(
        apiKeyCreateContract,
        { label: 'Segment again', key_type: 'segment' },
        { token: admin.bearer },
      ),
    ).body.api_key;
    const other = ok(
      await t.call(apiKeyCreateContract, { label: 'Other', key_type: 'webhook' }, { token: admin.bearer }),
    ).body.api_key;
    const ids = ok(await t.call(apiKeyListContract, {}, { token: admin.bearer })).body.api_keys.map(
      (k: { id: string }) => k.id,
    );
    expect(ids.sort()).toEqual([second.id, other.id].sort());
    expect(ids).not.toContain(first.id);

    // Services that verify keys themselves (the Segment ingest) learn of each key and what it retires.
    const issued = await t.sql.query(
      `SELECT payload FROM auth.outbox WHERE name = 'auth.api_key.issued.v1' AND payload->>'organisation_id' = $1
        ORDER BY seq`,
      [admin.organisation.id],
    );
    const hashOf = async (id: string) =>
      (await t.sql.query('SELECT key_hash FROM auth.api_keys WHERE id = $1', [id])).rows[0].key_hash;
    expect(issued.rows.map((r: { payload: unknown }) => r.payload)).toEqual([
      {
        organisation_id: admin.organisation.id,
        key_id: first.id,
        key_type: 'segment',
        key_hash: await hashOf(first.id),
        retired_key_ids: [],
      },
      {
        organisation_id: admin.organisation.id,
        key_id: second.id,
        key_type: 'segment',
        key_hash: await hashOf(second.id),
        retired_key_ids: [first.id],
      },
      {
        organisation_id: admin.organisation.id,
        key_id: other.id,
        key_type: 'webhook',
        key_hash: await hashOf(other.id),
        retired_key_ids: [],
      },
    ]);
  });

  it('refreshes clicked twice at once leave one live key, and the events retire every other', async () => {
    for (let round = 0; round < 5; round += 1) await refreshesAtOnce();
  });

  async function refreshesAtOnce() {
    const admin = await t.factories.newOrganisation();
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        t.call(apiKeyCreateContract, { label: 'Segment', key_type: 'segment' }, { token: admin.bearer }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const live = ok(await t.call(apiKeyListContract, {}, { token: admin.bearer })).body.api_keys;
    expect(live).toHaveLength(1);
    // Each issued key retires the one issued before it: whoever follows the events keeps only the live one.
    const issued = await t.sql.query(
      `SELECT payload FROM auth.outbox WHERE name = 'auth.api_key.issued.v1' AND payload->>'organisation_id' = $1
        ORDER BY seq`,
      [admin.organisation.id],
    );
    const payloads = issued.rows.map(
      (r: { payload: { key_id: string; retired_key_ids: string[] } }) => r.payload,
    );
    const retired = new Set(payloads.flatMap((p: { retired_key_ids: string[] }) => p.retired_key_ids));
    const kept = payloads.map((p: { key_id: string }) => p.key_id).filter((id: string) => !retired.has(id));
    expect(kept).toEqual([live[0].id]);
  }

  it('refuses a user creating or refreshing a key, saying it is for admins; the live key stays', async () => {
    const admin = await t.factories.newOrganisation();
    const user = await t.factories.newUser(admin);
    const live = ok(
      await t.call(apiKeyCreateContract, { label: 'Segment', key_type: 'segment' }, { token: admin.bearer }),
    ).body.api_key;
    const refused = await t
      .call(apiKeyCreateContract, { label: 'Mine', key_type: 'segment' }, { token: user.bearer })
      .expect(403);
    expect(refused.body).toMatchObject({ code: 'ForbiddenException', description: ADMINS_ONLY_API_KEYS });
    // Users still see the keys, read-only.
    const ids = ok(await t.call(apiKeyListContract, {}, { token: user.bearer })).body.api_keys.map(
      (k: { id: string }) => k.id,
    );
    expect(ids).toEqual([live.id]);
  });

  it("lists only the caller's organisation's keys", async () => {
    const a = await t.factories.newOrganisation();
    const b = await t.factories.newOrganisation();
    ok(await t.call(apiKeyCreateContract, { label: 'A', key_type: 'segment' }, { token: a.bearer }));
    expect(ok(await t.call(apiKeyListContract, {}, { token: b.bearer })).body.api_keys).toEqual([]);
  });

  it.each([
    [{ key_type: 'segment' }, 'label', 'Label is required'],
    [{ label: 'x' }, 'key_type', 'Key type is required'],
    [
      { label: 'x', key_type: 'Not A Type' },
      'key_type',
      'Key type must be lower-case letters, digits or underscores',
    ],
  ])('refuses %j', async (body, field, message) => {
    const admin = await t.factories.newOrganisation();
    const response = await t.call(apiKeyCreateContract, body, { token: admin.bearer }).expect(400);
    expect(response.body.fields[field]).toEqual([message]);
  });
});
