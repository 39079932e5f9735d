import type { RequestContext } from './request-context';
import { SessionCache } from './session-cache';

function context(accountId: string, organisationId: string, sessionId: string): RequestContext {
  return {
    accountId,
    organisationId,
    sessionId,
    email: `${accountId}@ex.test`,
    roles: [],
    impersonatorId: null,
    isStaff: false,
  };
}

describe('SessionCache', () => {
  let clock: number;
  const cache = (ttlMs = 30_000, maxEntries = 100) => {
    const made = new SessionCache({ ttlMs, maxEntries, now: () => clock });
    made.setListening(true);
    return made;
  };
  const far = () => clock + 3_600_000;

  beforeEach(() => {
    clock = 1_000_000;
  });

  it('answers a token with the context verified for that token only', () => {
    const sessions = cache();
    const ours = context('a1', 'org-1', 's1');
    const theirs = context('a2', 'org-2', 's2');
    sessions.put('token-one', ours, far(), sessions.ticket());
    sessions.put('token-two', theirs, far(), sessions.ticket());
    expect(sessions.get('token-one')).toBe(ours);
    expect(sessions.get('token-two')).toBe(theirs);
    expect(sessions.get('token-on')).toBeNull();
    expect(sessions.get('token-one ')).toBeNull();
  });

  it('forgets a session after its TTL, and at its own expiry when that comes first', () => {
    const sessions = cache(30_000);
    sessions.put('long', context('a1', 'o', 's1'), far(), sessions.ticket());
    sessions.put('ending', context('a2', 'o', 's2'), clock + 5_000, sessions.ticket());
    sessions.put('ended', context('a3', 'o', 's3'), clock, sessions.ticket());
    expect(sessions.get('ended')).toBeNull();
    clock += 5_000;
    expect(sessions.get('ending')).toBeNull();
    expect(sessions.get('long')).not.toBeNull();
    clock += 25_000;
    expect(sessions.get('long')).toBeNull();
    expect(sessions.size).toBe(0);
  });

  it('drops every session of a revoked account, and the sessions named', () => {
    const sessions = cache();
    sessions.put('phone', context('a1', 'o', 's1'), far(), sessions.ticket());
    sessions.put('laptop', context('a1', 'o', 's2'), far(), sessions.ticket());
    sessions.put('other', context('a2', 'o', 's3'), far(), sessions.ticket());
    sessions.put('impersonated', context('a3', 'o', 's4'), far(), sessions.ticket());
    sessions.revoke('a1', ['s1']);
    expect(sessions.get('phone')).toBeNull();
    expect(sessions.get('laptop')).toBeNull();
    expect(sessions.get('other')).not.toBeNull();
    sessions.revoke('nobody-cached', ['s4']);
    expect(sessions.get('impersonated')).toBeNull();
    expect(sessions.get('other')).not.toBeNull();
  });

  it('does not store an answer that was in flight while a revocation arrived', () => {
    const sessions = cache();
    const ticket = sessions.ticket();
    sessions.revoke('a1', ['s1']);
    sessions.put('late', context('a1', 'o', 's1'), far(), ticket);
    expect(sessions.get('late')).toBeNull();
    sessions.put('late', context('a1', 'o', 's1'), far(), sessions.ticket());
    expect(sessions.get('late')).not.toBeNull();
  });

  it('keeps at most maxEntries sessions, the oldest going first', () => {
    const sessions = cache(30_000, 3);
    for (let i = 0; i < 10; i++)
      sessions.put(`t${i}`, context(`a${i}`, 'o', `s${i}`), far(), sessions.ticket());
    expect(sessions.size).toBe(3);
    expect(sessions.get('t6')).toBeNull();
    expect(['t7', 't8', 't9'].map((t) => sessions.get(t)?.accountId)).toEqual(['a7', 'a8', 'a9']);
    // Evicted entries leave no account index behind: revoking them is a no-op.
    sessions.revoke('a0');
    expect(sessions.size).toBe(3);
  });

  it('believes nothing unless revocations reach it, or with a TTL of 0', () => {
    const deaf = new SessionCache({ ttlMs: 30_000, maxEntries: 100, now: () => clock });
    deaf.put('t', context('a', 'o', 's'), far(), deaf.ticket());
    expect(deaf.get('t')).toBeNull();
    const off = cache(0);
    off.put('t', context('a', 'o', 's'), far(), off.ticket());
    expect(off.get('t')).toBeNull();
    const stopped = cache();
    stopped.put('t', context('a', 'o', 's'), far(), stopped.ticket());
    stopped.setListening(false);
    expect(stopped.get('t')).toBeNull();
    expect(stopped.size).toBe(0);
  });
});
