import { Injectable } from '@nestjs/common';
import type { LoginResponse, Session } from '@meridian/contracts';
import type { Transaction } from '@meridian/server-kit';
import { addMinutes } from '../../common/dates';
import { hashSecret, newSecret } from '../../common/secrets';
import { toSession } from './session.mapper';
import { SessionsRepository } from './sessions.repository';

export interface StartedSession {
  session: Session;
  token: LoginResponse['token'];
}

/** Sessions: started by login, SSO and impersonation; resolved on every request; ended at once. */
@Injectable()
export class SessionsService {
  constructor(private readonly sessions: SessionsRepository) {}

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

  end(sessionId: string): Promise<void> {
    return this.sessions.revoke(sessionId);
  }

  /** Ends every session of the account, but `except` (the caller's own, when it keeps it). */
  endAllOf(accountId: string, options: { except?: string } = {}, tx?: Transaction): Promise<void> {
    return this.sessions.revokeAllOf(accountId, options.except ?? null, tx);
  }
}

export function toLoginResponse(started: StartedSession): LoginResponse {
  const { account, roles, organisation } = started.session;
  return { account, roles, organisation, token: started.token };
}
