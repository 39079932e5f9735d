import { staticListCreateContract, warehouseConnectionCreateContract } from '@meridian/contracts';
import { type IdsByKind, type SignedIn, tenantProbeSuite, uniqueSuffix } from '@meridian/testing';
import { type IntegrationsTestApp, startIntegrationsTestApp } from './support/integrations-test-app';
import { salesforceHealthSeed } from './support/salesforce-health-seed';
import { createTestWarehouse, type TestWarehouse } from './support/test-warehouse';

let t: IntegrationsTestApp;
let warehouse: TestWarehouse;

/**
 * A warehouse connection made through the API, and a Salesforce connection with its records and
 * an error as the sync engine writes them (its login is a remote OAuth dance).
 */
async function seed(who: SignedIn): Promise<{ ids: IdsByKind; texts: string[] }> {
  const mark = `owned${uniqueSuffix()}`;
  const email = `${mark}@example.com`;
  const created = await t
    .call(warehouseConnectionCreateContract, warehouse.connection(`${mark} warehouse`), who)
    .expect(200);
  const org = who.organisation.id;
  const sf = salesforceHealthSeed(t);
  const salesforceId = await sf.connection(org);
  const sfId = `003${mark}`.slice(0, 18);
  await sf.records(org, salesforceId, [{ sf_id: sfId, object: 'contact', email, name: `${mark} contact` }]);
  await sf.errors(org, salesforceId, [
    { error_class: 'others', email, sf_id: sfId, name: `${mark} contact` },
  ]);
  const list = await fetch(`${t.campaignUrl}${staticListCreateContract.fullPath}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${who.bearer}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: `${mark} list` }),
  });
  const listId = ((await list.json()) as { static_list: { static_list_id: string } }).static_list
    .static_list_id;
  return {
    ids: {
      // Salesforce first: B's own Salesforce connection fills the slot beside a list id.
      connection: [salesforceId, created.body.connection.id as string],
      'salesforce-record': [sfId],
      'audience-list': [listId],
    },
    texts: [mark, email, who.email],
  };
}

/**
 * Every integrations route that takes an id, generated from the contracts: called as organisation
 * B's admin with organisation A's connections (warehouse and Salesforce) and records in its slots.
 */
tenantProbeSuite('integrations', {
  async start() {
    warehouse = await createTestWarehouse();
    try {
      t = await startIntegrationsTestApp({}, { withCampaign: true });
    } catch (error) {
      await warehouse.drop();
      throw error;
    }
    return {
      target: t.app.getHttpServer(),
      databaseUrl: t.db.url,
      newOrganisation: () => t.platform.newOrganisation(),
      close: async () => {
        await t.close();
        await warehouse.drop();
      },
    };
  },
  seed,
  inputs: {
    // A mapped row reaches the connection check only with a person field that exists.
    'POST /unified-mapping/crm-mapping.update': () => ({
      person_mapping: {
        mapping: [
          {
            destination: { name: 'first_name' },
            source: [
              {
                connection_id: 'x',
                field: { contact: 'FirstName', lead: null },
                sync_preference: 'two_way',
              },
            ],
          },
        ],
      },
    }),
  },
});
