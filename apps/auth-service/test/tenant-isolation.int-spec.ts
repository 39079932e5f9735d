import {
  accountListContract,
  apiKeyCreateContract,
  apiKeyListContract,
  createUsersContract,
  deleteInviteContract,
  type Endpoint,
  internalAccountListContract,
  internalImpersonateContract,
  internalOrganisationListContract,
  resendInviteContract,
  samlConfigGetContract,
  samlConfigUpdateContract,
  updateAccountContract,
} from '@meridian/contracts';
import { createTestIdp, ok, type SignedIn } from '@meridian/testing';
import { snapshot, startAuthTestApp, type AuthTestApp } from './support/auth-test-app';
import { configureSso } from './support/sso';

/** Every table another organisation's call could change. */
const TABLES: Array<[string, string]> = [
  ['organisations', 'id'],
  ['accounts', 'id'],
  ['account_roles', 'account_id, role_name'],
  ['account_tokens', 'id'],
  ['sessions', 'id'],
  ['saml_configs', 'id'],
  ['api_keys', 'id'],
];

describe("tenant isolation: another organisation's ids", () => {
  let t: AuthTestApp;
  let victim: SignedIn;
  let victimUser: SignedIn;
  let pendingInvite: { id: string; email: string };
  let attacker: SignedIn;

  beforeAll(async () => {
    t = await startAuthTestApp();
    victim = await t.factories.newOrganisation();
    victimUser = await t.factories.newUser(victim);
    const invited = ok(
      await t.call(
        createUsersContract,
        {
          users: [
            {
              name: 'Pending',
              email: `pending@${victim.organisation.domain}`,
              role_names: ['CUSTOMER_ORG_USER'],
            },
          ],
        },
        { token: victim.bearer },
      ),
    ).body.accounts[0];
    pendingInvite = { id: invited.id, email: invited.email };
    await t.sink.waitFor({ to: pendingInvite.email });
    await configureSso(t, victim, createTestIdp());
    ok(
      await t.call(apiKeyCreateContract, { label: 'Segment', key_type: 'segment' }, { token: victim.bearer }),
    );
    attacker = await t.factories.newOrganisation();
  });

  afterAll(async () => {
    await t?.close();
  });

  async function everything(): Promise<unknown[]> {
    const tables: unknown[] = [];
    for (const [table, order] of TABLES) tables.push(await snapshot(t.sql, table, order));
    return tables;
  }

  /** Every auth endpoint that takes the id of an account, called by another organisation's admin. */
  const byId: Array<[string, Endpoint, () => unknown]> = [
    ['delete.invite', deleteInviteContract, () => ({ account_id: pendingInvite.id })],
    [
      'resend.invite',
      resendInviteContract,
      () => ({
        account_id: pendingInvite.id,
        name: 'Hijacked',
        email: pendingInvite.email,
        role_names: ['CUSTOMER_ORG_ADMIN'],
      }),
    ],
    [
      'update (user)',
      updateAccountContract,
      () => ({ account_id: victimUser.account.id, name: 'Hijacked', role_names: ['CUSTOMER_ORG_ADMIN'] }),
    ],
    [
      'update (admin)',
      updateAccountContract,
      () => ({ account_id: victim.account.id, role_names: ['CUSTOMER_ORG_USER'] }),
    ],
    [
      'update (open invite)',
      updateAccountContract,
      () => ({ account_id: pendingInvite.id, name: 'Hijacked' }),
    ],
  ];

  it.each(byId)('%s answers 404 and changes nothing', async (_name, contract, body) => {
    const before = await everything();
    const response = await t.call(contract, body(), { token: attacker.bearer });
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('NotFoundException');
    expect(await everything()).toEqual(before);
    expect(t.sink.unclaimed({ to: pendingInvite.email })).toEqual([]);
  });

  it("saml/config.update acts on the caller's organisation only: 404 without its own, the other's untouched", async () => {
    const before = await everything();
    const idp = createTestIdp();
    const response = await t.call(
      samlConfigUpdateContract,
      { sso_url: 'https://evil.example.com/sso', entity_id: idp.issuer, certificate: idp.certificate },
      { token: attacker.bearer },
    );
    expect(response.status).toBe(404);
    expect(await everything()).toEqual(before);
    expect(
      ok(await t.call(samlConfigGetContract, {}, { token: attacker.bearer })).body.saml_config,
    ).toBeNull();
  });

  it("lists never show another organisation's rows", async () => {
    const accounts = ok(
      await t.call(accountListContract, { page_size: 1000 }, { token: attacker.bearer }),
    ).body;
    expect(accounts.records.map((r: { id: string }) => r.id)).toEqual([attacker.account.id]);
    expect(ok(await t.call(apiKeyListContract, {}, { token: attacker.bearer })).body.api_keys).toEqual([]);
  });

  it.each([
    ['organisation.list', internalOrganisationListContract, () => ({})],
    ['account.list', internalAccountListContract, () => ({ organisation_id: victim.organisation.id })],
    [
      'account.impersonate',
      internalImpersonateContract,
      () => ({ organisation_id: victim.organisation.id, account_id: victim.account.id }),
    ],
  ] as Array<[string, Endpoint, () => unknown]>)(
    'internal %s refuses a customer admin whatever the ids (403) and changes nothing',
    async (_name, contract, body) => {
      const before = await everything();
      const response = await t.call(contract, body(), { token: attacker.bearer });
      expect(response.status).toBe(403);
      expect(await everything()).toEqual(before);
    },
  );

  it('internal account.impersonate answers 404 for an account outside the organisation named, and changes nothing', async () => {
    const staff = await t.factories.login(t.config.DEMO_STAFF_EMAIL, t.config.DEMO_STAFF_PASSWORD);
    const before = await everything();
    const response = await t.call(
      internalImpersonateContract,
      { organisation_id: attacker.organisation.id, account_id: victim.account.id },
      { token: staff.bearer },
    );
    expect(response.status).toBe(404);
    expect(await everything()).toEqual(before);
  });

  it('the victim organisation still works as before', async () => {
    const list = ok(await t.call(accountListContract, { page_size: 1000 }, { token: victim.bearer })).body;
    expect(list.records.map((r: { email: string; name: string }) => r.email)).toEqual([
      victim.email,
      victimUser.email,
      pendingInvite.email,
    ]);
    expect(list.records.every((r: { name: string }) => r.name !== 'Hijacked')).toBe(true);
  });
});
