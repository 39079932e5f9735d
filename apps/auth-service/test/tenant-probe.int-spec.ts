import { createUsersContract } from '@meridian/contracts';
import {
  type AllowedAnswer,
  expectIsolated,
  type IdsByKind,
  ok,
  ownerDigest,
  probeTenantIsolation,
  type SignedIn,
  uniqueSuffix,
} from '@meridian/testing';
import { type AuthTestApp, startAuthTestApp } from './support/auth-test-app';

/**
 * Answers other than 404 the spec gives when another organisation's id is in a slot. The internal
 * routes (organisation list, account list of an organisation, impersonation) serve staff only: a
 * customer admin gets 403 before any id is read, whoever's it is (the probe applies that to every
 * staff route).
 */
const ALLOWED: AllowedAnswer[] = [];

/**
 * Every auth route that takes an id, generated from the contracts: called as organisation B's admin
 * with organisation A's accounts and organisation in its id slots.
 */
describe('auth-service tenant isolation, generated from the contracts', () => {
  let t: AuthTestApp & { database: { url: string } };
  let digest: Awaited<ReturnType<typeof ownerDigest>>;

  beforeAll(async () => {
    t = await startAuthTestApp();
  });

  afterAll(async () => {
    await digest?.close();
    await t?.close();
  });

  /** The admin, a user who set a password, and a pending invite: every account a route may name. */
  async function seed(admin: SignedIn): Promise<{ ids: IdsByKind; texts: string[] }> {
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
  }

  it('answers 404 to every id of another organisation, shows none of its data and changes none of it', async () => {
    const owner = await t.factories.newOrganisation();
    const stranger = await t.factories.newOrganisation();
    const [a, b] = [await seed(owner), await seed(stranger)];
    digest = await ownerDigest(t.database.url, 'auth', owner.organisation.id, [], { organisations: 'id' });
    const report = await probeTenantIsolation({
      service: 'auth',
      target: t.server,
      owner: { ...a, bearer: owner.bearer },
      stranger: { bearer: stranger.bearer, ids: b.ids },
      allow: ALLOWED,
      digest: digest.digest,
    });
    expectIsolated(report);
  }, 300_000);
});
