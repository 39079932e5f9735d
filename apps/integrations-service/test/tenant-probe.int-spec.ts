import { staticListCreateContract, warehouseConnectionCreateContract } from '@meridian/contracts';
import {
  type AllowedAnswer,
  expectIsolated,
  type IdsByKind,
  ownerDigest,
  probeTenantIsolation,
  type SignedIn,
  uniqueSuffix,
} from '@meridian/testing';
import { type IntegrationsTestApp, startIntegrationsTestApp } from './support/integrations-test-app';
import { salesforceHealthSeed } from './support/salesforce-health-seed';
import { createTestWarehouse, type TestWarehouse } from './support/test-warehouse';

/** Answers other than 404 the spec gives when another organisation's id is in a slot. */
const ALLOWED: AllowedAnswer[] = [];

/**
 * Every integrations route that takes an id, generated from the contracts: called as organisation
 * B's admin with organisation A's connections (warehouse and Salesforce) and records in its slots.
 */
describe('integrations-service tenant isolation, generated from the contracts', () => {
  let t: IntegrationsTestApp;
  let warehouse: TestWarehouse;
  let digest: Awaited<ReturnType<typeof ownerDigest>>;

  beforeAll(async () => {
    t = await startIntegrationsTestApp({}, { withCampaign: true });
    warehouse = await createTestWarehouse();
  });

  afterAll(async () => {
    await digest?.close();
    await t?.close();
    await warehouse?.drop();
  });

  /**
   * A warehouse connection made through the API, and a Salesforce connection with its records and
   * an error as the sync engine writes them (its login is a remote OAuth dance).
   */
  async function seed(who: SignedIn): Promise<{ ids: IdsByKind; texts: string[] }> {
    const mark = `owned${uniqueSuffix()}`;
    const email = `${mark}@example.com`;
    const created = await t
      .call(
        warehouseConnectionCreateContract,
        {
          typ: 'postgres',
          label: `${mark} warehouse`,
          host_name: warehouse.host,
          port: warehouse.port,
          database_name: warehouse.database,
          user_name: warehouse.user,
          password: warehouse.password,
        },
        who,
      )
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

  it('answers 404 to every id of another organisation, shows none of its data and changes none of it', async () => {
    const owner = await t.platform.newOrganisation();
    const stranger = await t.platform.newOrganisation();
    const [a, b] = [await seed(owner), await seed(stranger)];
    digest = await ownerDigest(t.db.url, 'integrations', owner.organisation.id);
    const report = await probeTenantIsolation({
      service: 'integrations',
      target: t.app.getHttpServer(),
      owner: { ...a, bearer: owner.bearer },
      stranger: { bearer: stranger.bearer, ids: b.ids },
      allow: ALLOWED,
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
      digest: digest.digest,
    });
    expectIsolated(report);
  }, 300_000);
});
