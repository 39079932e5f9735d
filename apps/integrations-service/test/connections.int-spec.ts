import net, { type AddressInfo, type Server } from 'node:net';
import {
  connectionMessages,
  connectionsListContract,
  integrationConstantsContract,
  warehouseConnectionCreateContract,
  warehouseConnectionGetContract,
  warehouseConnectionListContract,
  warehouseConnectionUpdateContract,
  warehouseSchemaSetContract,
  warehouseWhitelistIpListContract,
} from '@meridian/contracts';
import type { SignedIn } from '@meridian/testing';
import { ConnectionsService } from '../src/modules/warehouse/connections/connections.service';
import { type IntegrationsTestApp, startIntegrationsTestApp } from './support/integrations-test-app';
import { type TestWarehouse, createTestWarehouse } from './support/test-warehouse';

describe(ConnectionsService.name, () => {
  let t: IntegrationsTestApp;
  let warehouse: TestWarehouse;
  let admin: SignedIn;
  let user: SignedIn;
  let stranger: SignedIn;
  const servers: Server[] = [];

  beforeAll(async () => {
    t = await startIntegrationsTestApp({
      WAREHOUSE_CONNECT_TIMEOUT_MS: '3000',
      WHITELIST_IPS: '198.51.100.7, 198.51.100.8',
    });
    warehouse = await createTestWarehouse();
    admin = await t.platform.newOrganisation();
    user = await t.platform.newUser(admin);
    stranger = await t.platform.newOrganisation();
  });

  afterAll(async () => {
    for (const server of servers) server.close();
    await t?.close();
    await warehouse?.drop();
  });

  beforeEach(async () => {
    await t.sql('TRUNCATE integrations.connections CASCADE');
  });

  const form = () => ({
    typ: 'postgres',
    label: 'Product warehouse',
    host_name: warehouse.host,
    port: warehouse.port,
    database_name: warehouse.database,
    user_name: warehouse.user,
    password: warehouse.password,
  });

  function create(overrides: Record<string, unknown> = {}, who = admin) {
    return t.call(warehouseConnectionCreateContract, { ...form(), ...overrides }, who);
  }

  /** A loopback TCP server with its own behaviour per connection (a broken warehouse). */
  async function fakeServer(onSocket: (socket: net.Socket) => void): Promise<number> {
    const server = net.createServer(onSocket);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  }

  it('tests and stores a connection; the password is never answered and is sealed at rest', async () => {
    const response = await create().expect(200);
    const connection = response.body.connection;
    expect(connection).toMatchObject({
      label: 'Product warehouse',
      typ: 'postgres',
      host_name: warehouse.host,
      port: warehouse.port,
      database_name: warehouse.database,
      user_name: warehouse.user,
      schema_name: null,
      error: null,
      sync_interval: null,
    });
    expect(JSON.stringify(response.body)).not.toContain(warehouse.password);
    const [row] = await t.sql<{ secret: Buffer }>(
      'SELECT secret FROM integrations.connections WHERE id = $1',
      [connection.id],
    );
    expect(row!.secret.includes(Buffer.from(warehouse.password))).toBe(false);
    const got = await t
      .call(warehouseConnectionGetContract, { connection_id: connection.id }, user)
      .expect(200);
    expect(got.body.connection).toEqual(connection);
  });

  it("rejects missing fields with the form's '{label} {error}' messages", async () => {
    const response = await t
      .call(warehouseConnectionCreateContract, { typ: 'redshift', label: ' ', port: 'x' }, admin)
      .expect(400);
    expect(response.body).toMatchObject({
      code: 'ValidationException',
      fields: {
        label: ['Connection Name is required'],
        host_name: ['Host is required'],
        port: ['Port must be a number'],
        database_name: ['Database is required'],
        user_name: ['Username is required'],
        password: ['Password is required'],
      },
    });
    // A port of another type says what is wrong with it, as a port written as text does.
    const booleanPort = await t
      .call(warehouseConnectionCreateContract, { typ: 'redshift', port: true as unknown as number }, admin)
      .expect(400);
    expect(booleanPort.body.fields.port).toEqual(['Port must be a number']);
    const noPlatform = await t.call(warehouseConnectionCreateContract, {}, admin).expect(400);
    expect(noPlatform.body.fields.typ).toEqual([connectionMessages.platformRequired]);
  });

  it('names the DNS step when the host does not resolve', async () => {
    const response = await create({ host_name: 'no-such-warehouse.invalid' }).expect(400);
    expect(response.body.code).toBe('ConnectionDnsFailedException');
    expect(response.body.description).toMatch(/^Could not resolve host no-such-warehouse\.invalid/);
  });

  it('names the TCP step when nothing listens on the port', async () => {
    const port = await fakeServer(() => undefined);
    const closed = servers.pop()!;
    await new Promise((resolve) => closed.close(resolve));
    const response = await create({ port }).expect(400);
    expect(response.body).toMatchObject({
      code: 'ConnectionTcpFailedException',
      description: `Could not connect to ${warehouse.host} on port ${port}: connection refused`,
    });
  });

  it('names the TLS step when the server agrees to TLS and then fails the handshake', async () => {
    const port = await fakeServer((socket) => {
      socket.once('data', () => socket.write('SHTTP/1.1 400 Bad Request\r\n\r\n'));
    });
    const response = await create({ port }).expect(400);
    expect(response.body.code).toBe('ConnectionTlsFailedException');
    expect(response.body.description).toMatch(
      /^Could not establish a secure \(TLS\) connection to 127\.0\.0\.1/,
    );
  });

  it('times out cleanly, naming the step that hung', async () => {
    const port = await fakeServer(() => undefined);
    const response = await create({ port }).expect(400);
    expect(response.body).toMatchObject({
      code: 'ConnectionTlsFailedException',
      description:
        'Could not establish a secure (TLS) connection to 127.0.0.1: no handshake within 3 seconds',
    });
  });

  it('names the auth step for a wrong password and stores nothing', async () => {
    const response = await create({ password: 'wrong-password' }).expect(400);
    expect(response.body.code).toBe('ConnectionAuthFailedException');
    expect(response.body.description).toContain(`Authentication failed for user ${warehouse.user}`);
    expect(response.body.description).not.toContain('wrong-password');
    expect(await t.sql('SELECT id FROM integrations.connections')).toEqual([]);
  });

  it('names the permission step when the user cannot use any schema', async () => {
    await warehouse.sql(`REVOKE USAGE ON SCHEMA analytics FROM ${warehouse.user}`);
    try {
      const response = await create().expect(400);
      expect(response.body).toMatchObject({
        code: 'ConnectionPermissionFailedException',
        description: `The user ${warehouse.user} lacks a permission: cannot use any schema of database ${warehouse.database}`,
      });
    } finally {
      await warehouse.sql(`GRANT USAGE ON SCHEMA analytics TO ${warehouse.user}`);
    }
  });

  it('refuses internal hosts the operator has not allowed, as webhooks do', async () => {
    for (const host of ['127.0.0.2', '10.1.2.3', '169.254.169.254', '::1']) {
      const response = await create({ host_name: host }).expect(400);
      expect(response.body).toMatchObject({ code: 'ConnectionHostRefusedException' });
      expect(response.body.description).toContain('internal address');
    }
  });

  it('updates only the fields sent, re-tests what reaches the warehouse, and keeps the password when it is empty', async () => {
    const id = (await create().expect(200)).body.connection.id;
    const renamed = await t
      .call(warehouseConnectionUpdateContract, { connection_id: id, label: 'Renamed', password: '' }, admin)
      .expect(200);
    expect(renamed.body.connection).toMatchObject({ label: 'Renamed', user_name: warehouse.user });

    const wrong = await t
      .call(warehouseConnectionUpdateContract, { connection_id: id, password: 'not-it' }, admin)
      .expect(400);
    expect(wrong.body.code).toBe('ConnectionAuthFailedException');

    const blank = await t
      .call(warehouseConnectionUpdateContract, { connection_id: id, host_name: ' ' }, admin)
      .expect(400);
    expect(blank.body.fields).toEqual({ host_name: ['Host is required'] });

    // The stored password still works: schema.set opens a session with it.
    await t
      .call(warehouseSchemaSetContract, { connection_id: id, schema_name: 'analytics' }, admin)
      .expect(200);
  });

  it('sets a schema that exists and the user may use, and refuses others', async () => {
    const id = (await create().expect(200)).body.connection.id;
    const missing = await t
      .call(warehouseSchemaSetContract, { connection_id: id, schema_name: 'nope' }, admin)
      .expect(400);
    expect(missing.body.fields).toEqual({ schema_name: [connectionMessages.schemaNotFound] });
    await t
      .call(warehouseSchemaSetContract, { connection_id: id, schema_name: 'finance' }, admin)
      .expect(400);
    const empty = await t
      .call(warehouseSchemaSetContract, { connection_id: id, schema_name: '' }, admin)
      .expect(400);
    expect(empty.body.fields).toEqual({ schema_name: [connectionMessages.schemaRequired] });
    const set = await t
      .call(warehouseSchemaSetContract, { connection_id: id, schema_name: 'analytics' }, admin)
      .expect(200);
    expect(set.body.connection.schema_name).toBe('analytics');
  });

  it('lets only admins create, update or set a schema', async () => {
    const id = (await create().expect(200)).body.connection.id;
    const calls = [
      create({}, user),
      t.call(warehouseConnectionUpdateContract, { connection_id: id, label: 'x' }, user),
      t.call(warehouseSchemaSetContract, { connection_id: id, schema_name: 'analytics' }, user),
    ];
    for (const call of calls) {
      const response = await call.expect(403);
      expect(response.body).toMatchObject({
        code: 'ForbiddenException',
        description: connectionMessages.adminsOnly,
      });
    }
    // Users still read.
    await t.call(warehouseConnectionListContract, {}, user).expect(200);
  });

  it("answers 404 for another organisation's connection on every call that takes an id", async () => {
    const id = (await create().expect(200)).body.connection.id;
    const calls = [
      t.call(warehouseConnectionGetContract, { connection_id: id }, stranger),
      t.call(warehouseConnectionUpdateContract, { connection_id: id, label: 'Mine now' }, stranger),
      t.call(warehouseSchemaSetContract, { connection_id: id, schema_name: 'analytics' }, stranger),
      t.call(warehouseConnectionGetContract, { connection_id: 'not-a-uuid' }, admin),
    ];
    for (const call of calls) {
      const response = await call.expect(404);
      expect(response.body.description).toBe(connectionMessages.notFound);
    }
    const list = await t.call(warehouseConnectionListContract, {}, stranger).expect(200);
    expect(list.body).toMatchObject({ total_count: 0, connections: [] });
    const unified = await t.call(connectionsListContract, {}, stranger).expect(200);
    expect(unified.body.connections).toEqual([]);
  });

  it('lists connections newest first, paged, in the warehouse list and the unified list', async () => {
    await create({ label: 'First' }).expect(200);
    await create({ label: 'Second', typ: 'redshift' }).expect(200);
    const page = await t
      .call(warehouseConnectionListContract, { page_size: 1, page_number: 1 }, admin)
      .expect(200);
    expect(page.body).toMatchObject({ page_number: 1, page_size: 1, page_count: 2, total_count: 2 });
    expect(page.body.connections.map((c: { label: string }) => c.label)).toEqual(['Second']);
    const unified = await t
      .call(connectionsListContract, { page_size: 10, page_number: 1 }, admin)
      .expect(200);
    expect(unified.body.connections).toEqual([
      expect.objectContaining({
        name: 'Second',
        source: 'redshift',
        status: 'disabled',
        data_type: 'warehouse',
      }),
      expect.objectContaining({ name: 'First', source: 'postgres', status: 'disabled', connected_tables: 0 }),
    ]);
  });

  it('answers the constants and the whitelist IPs from configuration', async () => {
    const constants = await t.call(integrationConstantsContract, {}, user).expect(200);
    expect(constants.body.warehouse_types.map((s: { client_id: string }) => s.client_id)).toEqual([
      'snowflake',
      'redshift',
      'postgres',
    ]);
    expect(constants.body.warehouse_types[1].fields.port).toEqual({
      label: 'Port',
      placeholder: '5439',
      required: true,
    });
    expect(constants.body.warehouse_sync_valid_intervals['1h']).toBe(60);
    expect(constants.body.default_sync_interval).toBe('1h');
    expect(constants.body.metadata_fields).toContain('sfdc_lead_id');
    const ips = await t.call(warehouseWhitelistIpListContract, {}, user).expect(200);
    expect(ips.body).toEqual({ whitelist_ips: ['198.51.100.7', '198.51.100.8'] });
  });
});
