import { logoutContract, passwordChangeContract, updateAccountContract } from '@meridian/contracts';
import { call, ok } from './auth-factories';
import { eventually } from './eventually';
import type { TestPlatform } from './platform';

/** The caller's context as a service's token verifier resolves it (null: refused). */
interface VerifiedContext {
  accountId: string;
  organisationId: string;
  sessionId: string;
  roles: string[];
}

export interface SessionCacheSubject {
  platform: TestPlatform;
  /** The service's own token verifier (its TOKEN_VERIFIER provider), cache and event feed included. */
  verify(token: string): Promise<VerifiedContext | null>;
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/** A TTL no test waits out: whatever ends a session here, it is the event (or the session's own expiry). */
export const LONG_SESSION_CACHE = { SESSION_CACHE_TTL_MS: '300000' };

/**
 * The session cache of a service (server-kit auth/session-cache.ts), against the real auth
 * service and the real event log: a confirmed session is believed without asking auth again,
 * and stops being believed as soon as auth announces its end, in this service too. `start`
 * boots the service with LONG_SESSION_CACHE.
 */
export function describeSessionCache(service: string, start: () => Promise<SessionCacheSubject>): void {
  describe(`${service}: session cache`, () => {
    let s: SessionCacheSubject;

    beforeAll(async () => {
      s = await start();
    });

    afterAll(async () => {
      await s?.close();
    });

    const refused = (token: string, what: string) =>
      eventually(async () => (await s.verify(token)) === null, { what, timeoutMs: 30_000 });

    it('believes a confirmed session without asking auth again, per token and organisation', async () => {
      const ada = await s.platform.newOrganisation();
      const bob = await s.platform.newOrganisation();
      const asAda = await s.verify(ada.bearer);
      const asBob = await s.verify(bob.bearer);
      expect(asAda).toMatchObject({ accountId: ada.account.id, organisationId: ada.organisation.id });
      expect(asBob).toMatchObject({ accountId: bob.account.id, organisationId: bob.organisation.id });
      // Ended behind auth's back (no event): the service still believes it, until the TTL.
      await s.sql(`UPDATE auth.sessions SET revoked_at = now() WHERE id = $1`, [asAda!.sessionId]);
      expect(await s.verify(ada.bearer)).toEqual(asAda);
      expect(await s.verify(bob.bearer)).toEqual(asBob);
      expect(await s.verify(`${ada.bearer}x`)).toBeNull();
    });

    it('refuses a session once its logout is announced', async () => {
      const ada = await s.platform.newOrganisation();
      const other = await s.platform.login(ada.email, ada.password);
      expect(await s.verify(ada.bearer)).not.toBeNull();
      expect(await s.verify(other.bearer)).not.toBeNull();
      ok(await call(s.platform.authServiceUrl, logoutContract, {}, { token: ada.bearer }));
      await refused(ada.bearer, 'the logged-out session to be refused');
      // The account's other session was only asked for again: auth still confirms it.
      expect(await s.verify(other.bearer)).toMatchObject({ accountId: ada.account.id });
    });

    it("refuses an account's other sessions once a password change is announced", async () => {
      const ada = await s.platform.newOrganisation();
      const phone = await s.platform.login(ada.email, ada.password);
      expect(await s.verify(phone.bearer)).not.toBeNull();
      const password = `${ada.password}-new`;
      ok(
        await call(
          s.platform.authServiceUrl,
          passwordChangeContract,
          { old_password: ada.password, new_password: password },
          { token: ada.bearer },
        ),
      );
      await refused(phone.bearer, 'the other session to be refused');
      expect(await s.verify(ada.bearer)).toMatchObject({ accountId: ada.account.id });
    });

    it('asks again for the roles of an account an admin changed', async () => {
      const admin = await s.platform.newOrganisation();
      const user = await s.platform.newUser(admin);
      expect((await s.verify(user.bearer))?.roles).toEqual(['CUSTOMER_ORG_USER']);
      ok(
        await call(
          s.platform.authServiceUrl,
          updateAccountContract,
          { account_id: user.account.id, role_names: ['CUSTOMER_ORG_ADMIN'] },
          { token: admin.bearer },
        ),
      );
      await eventually(async () => (await s.verify(user.bearer))?.roles.includes('CUSTOMER_ORG_ADMIN'), {
        what: 'the new role',
        timeoutMs: 30_000,
      });
    });

    it('refuses a confirmed session at its expiry', async () => {
      const ada = await s.platform.newOrganisation();
      const short = await s.platform.login(ada.email, ada.password);
      // The newest session of the account is the one just started; it ends in a few seconds.
      await s.sql(
        `UPDATE auth.sessions SET expires_at = now() + interval '6 seconds'
         WHERE id = (SELECT id FROM auth.sessions WHERE account_id = $1 ORDER BY time_created DESC LIMIT 1)`,
        [ada.account.id],
      );
      expect(await s.verify(short.bearer)).not.toBeNull();
      await refused(short.bearer, 'the expired session to be refused');
      expect(await s.verify(ada.bearer)).not.toBeNull();
    });
  });
}
