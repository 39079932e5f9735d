import { warehouseConnectionCreateContract } from '@meridian/contracts';
import type { SignedIn } from '@meridian/testing';
import { randomBytes } from 'node:crypto';
import { WarehouseSessions } from '../src/modules/warehouse/connectors/warehouse-sessions';
import { CredentialsCipher } from '@meridian/server-kit';
import { type IntegrationsTestApp, startIntegrationsTestApp } from './support/integrations-test-app';
import { type TestWarehouse, createTestWarehouse } from './support/test-warehouse';

const currentKey = randomBytes(32);
const oldKey = randomBytes(32);

describe(WarehouseSessions.name, () => {
  let t: IntegrationsTestApp;
  let warehouse: TestWarehouse;
  let admin: SignedIn;
  let stranger: SignedIn;
  let sessions: WarehouseSessions;

  beforeAll(async () => {
    t = await startIntegrationsTestApp({
      CREDENTIALS_ENCRYPTION_KEYS: `k2:${currentKey.toString('base64')},k1:${oldKey.toString('base64')}`,
    });
    warehouse = await createTestWarehouse();
    admin = await t.platform.newOrganisation();
    stranger = await t.platform.newOrganisation();
    sessions = t.app.get(WarehouseSessions);
  });

  afterAll(async () => {
    await t?.close();
    await warehouse?.drop();
  });

  async function connect(typ: 'postgres' | 'redshift', schema: string | null = 'analytics'): Promise<string> {
    const response = await t
      .call(warehouseConnectionCreateContract, warehouse.connection(`Warehouse ${typ}`, typ), admin)
      .expect(200);
    const id = response.body.connection.id as string;
    if (schema)
      await t.sql(`UPDATE integrations.connections SET schema_name = $1 WHERE id = $2`, [schema, id]);
    return id;
  }

  it('opens a Postgres session that queries with $n parameters and knows its schema', async () => {
    const id = await connect('postgres');
    const session = await sessions.open(admin.account.organisation_id, id);
    try {
      expect(session.dialect).toBe('postgres');
      expect(session.schema).toBe('analytics');
      const rows = await session.query<{ email: string; revenue: string }>(
        `SELECT email, revenue FROM ${session.quoteIdent('analytics')}.${session.quoteIdent('customers')} WHERE id = $1`,
        [7],
      );
      expect(rows).toEqual([{ email: 'person7@example.com', revenue: '10.50' }]);
    } finally {
      await session.close();
    }
  });

  it('streams a large result in batches through a cursor, in order, without losing rows', async () => {
    const id = await connect('postgres');
    await sessions.with(admin.account.organisation_id, id, async (session) => {
      const sizes: number[] = [];
      const ids: number[] = [];
      for await (const batch of session.stream<{ id: string }>(
        'SELECT id FROM analytics.customers WHERE id > $1 ORDER BY id',
        [0],
        60,
      )) {
        sizes.push(batch.length);
        ids.push(...batch.map((row) => Number(row.id)));
      }
      expect(sizes).toEqual([60, 60, 60, 60, 10]);
      expect(ids).toEqual(Array.from({ length: 250 }, (_, i) => i + 1));
      // The session is usable afterwards: the cursor's transaction ended.
      expect(await session.query('SELECT 1 AS one', [])).toEqual([{ one: 1 }]);
    });
  });

  it('closes the cursor when the reader stops early, and the session goes on', async () => {
    const id = await connect('redshift');
    await sessions.with(admin.account.organisation_id, id, async (session) => {
      expect(session.dialect).toBe('redshift');
      let batches = 0;
      for await (const batch of session.stream('SELECT id FROM analytics.customers ORDER BY id', [], 100)) {
        batches += 1;
        expect(batch).toHaveLength(100);
        break;
      }
      expect(batches).toBe(1);
      const open = await session.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_cursors', []);
      expect(open).toEqual([{ n: 0 }]);
    });
  });

  it('reads only: a Postgres session refuses writes even where the user could write', async () => {
    await warehouse.sql(`GRANT INSERT ON analytics.customers TO ${warehouse.user}`);
    const id = await connect('postgres');
    await sessions.with(admin.account.organisation_id, id, async (session) => {
      await expect(
        session.query(`INSERT INTO analytics.customers (id, email) VALUES (9999, 'x@example.com')`, []),
      ).rejects.toMatchObject({ code: 'WarehouseQueryFailedException' });
    });
  });

  it("is a 404 for another organisation's connection and for an unknown id", async () => {
    const id = await connect('postgres');
    await expect(sessions.open(stranger.account.organisation_id, id)).rejects.toMatchObject({
      status: 404,
      description: 'Connection not found',
    });
    await expect(sessions.open(admin.account.organisation_id, 'not-a-uuid')).rejects.toMatchObject({
      status: 404,
    });
  });

  it('names the failing step when the stored password no longer works', async () => {
    const id = await connect('postgres');
    await warehouse.sql(`ALTER ROLE ${warehouse.user} PASSWORD 'changed-elsewhere'`);
    try {
      await expect(sessions.open(admin.account.organisation_id, id)).rejects.toMatchObject({
        code: 'ConnectionAuthFailedException',
        status: 400,
      });
    } finally {
      await warehouse.sql(`ALTER ROLE ${warehouse.user} PASSWORD '${warehouse.password}'`);
    }
  });

  it('opens a secret sealed with an older key and reseals it with the current one', async () => {
    const id = await connect('postgres');
    const organisationId = admin.account.organisation_id;
    const secret = JSON.stringify({ password: warehouse.password });
    const sealedWithOld = new CredentialsCipher([{ id: 'k1', key: oldKey }]).seal(
      secret,
      `connection:${organisationId}:${id}`,
    );
    await t.sql('UPDATE integrations.connections SET secret = $1 WHERE id = $2', [sealedWithOld, id]);
    await sessions.with(organisationId, id, async (session) => {
      expect(await session.query('SELECT 1 AS one', [])).toEqual([{ one: 1 }]);
    });
    const [row] = await t.sql<{ key_id: string }>(
      `SELECT convert_from(substring(secret from 3 for get_byte(secret, 1)), 'UTF8') AS key_id
         FROM integrations.connections WHERE id = $1`,
      [id],
    );
    expect(row).toEqual({ key_id: 'k2' });
  });
});
