import { Injectable } from '@nestjs/common';
import { events, type LoginResponse, type Session } from '@meridian/contracts';
import { EventPublisher, type Transaction, Transactions } from '@meridian/server-kit';
import { addMinutes } from '../../common/dates';
import { hashSecret, newSecret } from '../../common/secrets';
import { toSession } from './session.mapper';
import { type RevokedSession, SessionsRepository } from './sessions.repository';

export interface StartedSession {
  session: Session;
  token: LoginResponse['token'];
}

/**
 * Sessions: started by login, SSO and impersonation; resolved on every request; ended at once.
 * Every end is announced (sessionRevoked, in the same transaction): the other services keep
 * confirmed sessions for a short while and forget them on that event.
 */
@Injectable()
export class SessionsService {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly transactions: Transactions,
    private readonly publisher: EventPublisher,
  ) {}

  /** Starts a session; the token is in this answer only. */
  async start(
    account: { id: string; organisation_id: string },
    options: { ttlMinutes: number; impersonatorId?: string },
  ): Promise<StartedSession> {
    const token = newSecret();
    const id = await this.sessions.insert({
      account_id: account.id,
      organisation_id: account.organisation_id,
      token_hash: hashSecret(token),
      impersonator_account_id: options.impersonatorId ?? null,
      expires_at: addMinutes(new Date(), options.ttlMinutes),
    });
    const row = await this.sessions.findLiveById(id);
    if (!row) throw new Error('a session just started is not live');
    const session = toSession(row);
    return { session, token: { token, expires_at: session.session.expires_at } };
  }

  /** The live session a bearer token names, or null (unknown, revoked, expired, or its account disabled). */
  async resolve(token: string): Promise<Session | null> {
    const row = await this.sessions.findLiveByTokenHash(hashSecret(token));
    return row ? toSession(row) : null;
  }

  async describe(sessionId: string): Promise<Session | null> {
    const row = await this.sessions.findLiveById(sessionId);
    return row ? toSession(row) : null;
  }

  /** Logout (an impersonation ends the same way). */
  end(sessionId: string): Promise<void> {
    return this.transactions.run(async (tx) => this.announce(tx, await this.sessions.revoke(sessionId, tx)));
  }

  /** Ends every session of the account, but `except` (the caller's own, when it keeps it). */
  async endAllOf(accountId: string, options: { except?: string } = {}, tx?: Transaction): Promise<void> {
    const work = async (within: Transaction) =>
      this.announce(within, await this.sessions.revokeAllOf(accountId, options.except ?? null, within));
    await (tx ? work(tx) : this.transactions.run(work));
  }

  /** One event per account whose sessions ended (a revocation by account names one). */
  private async announce(tx: Transaction, revoked: RevokedSession[]): Promise<void> {
    const byAccount = new Map<string, RevokedSession[]>();
    for (const session of revoked)
      byAccount.set(session.account_id, [...(byAccount.get(session.account_id) ?? []), session]);
    for (const [accountId, sessions] of byAccount) {
      await this.publisher.publish(tx, events.sessionRevoked, {
        organisation_id: sessions[0]!.organisation_id,
        account_id: accountId,
        session_ids: sessions.map((s) => s.id),
      });
    }
  }
}

export function toLoginResponse(started: StartedSession): LoginResponse {
  const { account, roles, organisation } = started.session;
  return { account, roles, organisation, token: started.token };
}
