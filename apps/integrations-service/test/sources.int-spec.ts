import {
  connectionMessages,
  warehouseConnectionCreateContract,
  warehouseSchemaSetContract,
  warehouseSourceColumnListContract,
  warehouseSourceSchemaListContract,
  warehouseSourceTableListContract,
} from '@meridian/contracts';
import type { SignedIn } from '@meridian/testing';
import { SourcesService } from '../src/modules/warehouse/sources/sources.service';
import { type IntegrationsTestApp, startIntegrationsTestApp } from './support/integrations-test-app';
import { type TestWarehouse, createTestWarehouse } from './support/test-warehouse';

describe(SourcesService.name, () => {
  let t: IntegrationsTestApp;
  let warehouse: TestWarehouse;
  let admin: SignedIn;
  let user: SignedIn;
  let stranger: SignedIn;
  let connectionId: string;

  beforeAll(async () => {
    t = await startIntegrationsTestApp();
    warehouse = await createTestWarehouse();
    admin = await t.platform.newOrganisation();
    user = await t.platform.newUser(admin);
    stranger = await t.platform.newOrganisation();
    const created = await t
      .call(warehouseConnectionCreateContract, warehouse.connection('Stand-in Redshift', 'redshift'), admin)
      .expect(200);
    connectionId = created.body.connection.id;
  });

  afterAll(async () => {
    await t?.close();
    await warehouse?.drop();
  });

  it('lists the schemas the user may use, and asks for a schema before listing tables', async () => {
    const schemas = await t
      .call(warehouseSourceSchemaListContract, { connection_id: connectionId }, user)
      .expect(200);
    expect(schemas.body).toEqual({ schemas: ['analytics'] });
    const tables = await t
      .call(warehouseSourceTableListContract, { connection_id: connectionId }, user)
      .expect(400);
    expect(tables.body.description).toBe(connectionMessages.schemaNotSet);
  });

  it("lists the chosen schema's tables and views, and a table's columns with their person field types", async () => {
    await t
      .call(warehouseSchemaSetContract, { connection_id: connectionId, schema_name: 'analytics' }, admin)
      .expect(200);
    const tables = await t
      .call(warehouseSourceTableListContract, { connection_id: connectionId }, user)
      .expect(200);
    expect(tables.body).toEqual({
      schema_name: 'analytics',
      tables: [
        { table_name: 'customers', table_type: 'table' },
        { table_name: 'paying_customers', table_type: 'view' },
      ],
    });
    const columns = await t
      .call(warehouseSourceColumnListContract, { connection_id: connectionId, table_name: 'customers' }, user)
      .expect(200);
    expect(columns.body).toEqual({
      table_name: 'customers',
      columns: [
        { column_name: 'id', data_type: 'bigint', type: 'integer', nullable: false },
        { column_name: 'email', data_type: 'text', type: 'string', nullable: false },
        { column_name: 'first_name', data_type: 'character varying', type: 'string', nullable: true },
        { column_name: 'is_paying', data_type: 'boolean', type: 'boolean', nullable: true },
        { column_name: 'seats', data_type: 'integer', type: 'integer', nullable: true },
        { column_name: 'revenue', data_type: 'numeric', type: 'float', nullable: true },
        { column_name: 'score', data_type: 'double precision', type: 'float', nullable: true },
        {
          column_name: 'signed_up_at',
          data_type: 'timestamp with time zone',
          type: 'datetime',
          nullable: true,
        },
        { column_name: 'plan_code', data_type: 'numeric', type: 'integer', nullable: true },
      ],
    });
  });

  it('answers a field error for a table that is not in the schema', async () => {
    const response = await t
      .call(warehouseSourceColumnListContract, { connection_id: connectionId, table_name: 'invoices' }, user)
      .expect(400);
    expect(response.body.fields).toEqual({ table_name: [connectionMessages.tableNotFound] });
    const missing = await t
      .call(warehouseSourceColumnListContract, { connection_id: connectionId }, user)
      .expect(400);
    expect(missing.body.fields).toEqual({ table_name: [connectionMessages.tableRequired] });
  });

  it("answers 404 for another organisation's connection", async () => {
    for (const contract of [
      warehouseSourceSchemaListContract,
      warehouseSourceTableListContract,
      warehouseSourceColumnListContract,
    ]) {
      const response = await t
        .call(contract, { connection_id: connectionId, table_name: 'customers' }, stranger)
        .expect(404);
      expect(response.body.description).toBe(connectionMessages.notFound);
    }
  });
});
