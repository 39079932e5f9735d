import { lookupContract, registerContract, verifyEmailContract } from '@meridian/contracts';
import { createTestIdp, linkTokenIn, ok, uniqueSuffix } from '@meridian/testing';
import { PUBLIC_BASE_URL, startAuthTestApp, type AuthTestApp } from './support/auth-test-app';
import { configureSso, postToAcs, responseFor, serviceProvider, startSso } from './support/sso';

const NOT_EMAILS_DOMAIN = 'The domain must be the domain of your email address';

/** Decisions, "Organisation domain": the registrant's email is at it; verified, it is the organisation's. */
describe('organisation domain', () => {
  let t: AuthTestApp;

  beforeAll(async () => {
    t = await startAuthTestApp();
  });

  afterAll(async () => {
    await t?.close();
  });

  const form = (email: string, domain: string) => ({
    name: 'Grace Hopper',
    email,
    password: 'navy-cobol-1959',
    organisation: `Org ${uniqueSuffix()}`,
    domain,
  });

  async function verify(email: string): Promise<void> {
    const mail = await t.sink.waitFor({ to: email, subject: 'Verify your email address' });
    ok(await t.call(verifyEmailContract, { token: linkTokenIn(mail, `${PUBLIC_BASE_URL}/verify-email/`) }));
  }

  async function ownedAt(domain: string): Promise<Array<{ name: string; owned: boolean }>> {
    const rows = await t.sql.query(
      `SELECT name, domain_verified_at IS NOT NULL AS owned FROM auth.organisations WHERE domain = $1 ORDER BY time_created`,
      [domain],
    );
    return rows.rows;
  }

  it("refuses a domain that is not the registrant's email's, with the message on the domain", async () => {
    const suffix = uniqueSuffix();
    const response = await t
      .call(registerContract, form(`mallory-${suffix}@gmail.com`, `victim-${suffix}.com`))
      .expect(400);
    expect(response.body).toMatchObject({
      code: 'ValidationException',
      fields: { domain: [NOT_EMAILS_DOMAIN] },
    });
    expect(await ownedAt(`victim-${suffix}.com`)).toEqual([]);
  });

  it("accepts the email's domain or a parent of it", async () => {
    const suffix = uniqueSuffix();
    ok(await t.call(registerContract, form(`ada@eu.acme-${suffix}.com`, `acme-${suffix}.com`)));
    await t.call(registerContract, form(`bob@acme-${suffix}.com`, `eu.acme-${suffix}.com`)).expect(400);
  });

  it('gives the domain to the first organisation whose registrant verifies; an unverified claim blocks no one', async () => {
    const domain = `shared-${uniqueSuffix()}.com`;
    const [first, second, third] = ['first', 'second', 'third'].map((who) => `${who}@${domain}`);
    ok(await t.call(registerContract, form(first!, domain)));
    // The first never verifies: the second may still register the domain.
    ok(await t.call(registerContract, form(second!, domain)));
    expect((await ownedAt(domain)).map((row) => row.owned)).toEqual([false, false]);

    await verify(second!);
    expect((await ownedAt(domain)).map((row) => row.owned)).toEqual([false, true]);
    const taken = await t.call(registerContract, form(third!, domain)).expect(409);
    expect(taken.body.code).toBe('DomainAlreadyRegisteredException');

    // Verifying later does not take the domain from its owner.
    await verify(first!);
    expect((await ownedAt(domain)).map((row) => row.owned)).toEqual([false, true]);
  });

  it("routes SSO lookup only to the domain's owner, and the other's identity provider makes no accounts in it", async () => {
    const domain = `sso-${uniqueSuffix()}.com`;
    const [ownerEmail, rivalEmail] = [`owner@${domain}`, `rival@${domain}`];
    // Both claim the domain; the owner's registrant verifies first.
    ok(await t.call(registerContract, form(ownerEmail, domain)));
    ok(await t.call(registerContract, form(rivalEmail, domain)));
    await verify(ownerEmail);
    await verify(rivalEmail);
    const owner = await t.factories.login(ownerEmail, 'navy-cobol-1959');
    const rival = await t.factories.login(rivalEmail, 'navy-cobol-1959');
    const idp = createTestIdp();
    await configureSso(t, rival, idp);

    const newcomer = `new-${uniqueSuffix()}@${domain}`;
    expect(ok(await t.call(lookupContract, { email: newcomer })).body).toEqual({ auth_type: 'meridian' });

    const slug = rival.organisation.slug;
    const { id } = await startSso(t, slug);
    const next = await postToAcs(t, slug, responseFor(idp, slug, id, newcomer));
    expect(next.searchParams.get('error')).toBe('SamlLoginFailedException');
    expect((await t.sql.query(`SELECT 1 FROM auth.accounts WHERE email = $1`, [newcomer])).rowCount).toBe(0);

    // Once the owner configures SSO, new emails of the domain go to the owner's.
    await configureSso(t, owner, createTestIdp());
    expect(ok(await t.call(lookupContract, { email: newcomer })).body).toEqual({
      auth_type: 'sso',
      redirect_url: `${PUBLIC_BASE_URL}${serviceProvider(owner.organisation.slug).loginPath}`,
    });
  });
});
