import { createUsersContract } from '@meridian/contracts';
import { ok, type SignedIn, tenantProbeSuite, uniqueSuffix } from '@meridian/testing';
import { type AuthTestApp, startAuthTestApp } from './support/auth-test-app';

let t: AuthTestApp & { database: { url: string } };

/**
 * Every auth route that takes an id, generated from the contracts: called as organisation B's admin
 * with organisation A's accounts and organisation in its id slots. No answer other than 404 is
 * allowed: the internal routes (organisation list, account list of an organisation, impersonation)
 * serve staff only, and a customer admin gets 403 before any id is read, whoever's it is (the probe
 * applies that to every staff route).
 */
tenantProbeSuite('auth', {
  async start() {
    t = await startAuthTestApp();
    return {
      target: t.server,
      databaseUrl: t.database.url,
      newOrganisation: () => t.factories.newOrganisation(),
      close: () => t.close(),
    };
  },
  // The admin, a user who set a password, and a pending invite: every account a route may name.
  async seed(admin: SignedIn) {
    const user = await t.factories.newUser(admin);
    const mark = `owned${uniqueSuffix()}`;
    const email = `${mark}@${admin.organisation.domain}`;
    const invited = ok(
      await t.call(
        createUsersContract,
        { users: [{ name: `${mark} invite`, email, role_names: ['CUSTOMER_ORG_USER'] }] },
        { token: admin.bearer },
      ),
    ).body.accounts[0] as { id: string };
    await t.sink.waitFor({ to: email });
    return {
      ids: {
        account: [invited.id, user.account.id, admin.account.id],
        organisation: [admin.organisation.id],
      },
      texts: [mark, email, admin.email, user.email, admin.organisation.domain],
    };
  },
  digest: { keyedBy: { organisations: 'id' } },
});
