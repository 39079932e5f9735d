import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { repositoryIn, type Transaction } from '@meridian/server-kit';
import { Repository, type SelectQueryBuilder } from 'typeorm';
import { SessionEntity } from './session.entity';

export interface RevokedSession {
  id: string;
  account_id: string;
  organisation_id: string;
}

@Injectable()
export class SessionsRepository {
  constructor(@InjectRepository(SessionEntity) private readonly sessions: Repository<SessionEntity>) {}

  /** Sessions that still count: not revoked, not expired, of an active account in an active organisation. */
  private live(): SelectQueryBuilder<SessionEntity> {
    return this.sessions
      .createQueryBuilder('s')
      .innerJoinAndSelect('s.account', 'a')
      .leftJoinAndSelect('a.roles', 'r')
      .innerJoinAndSelect('a.organisation', 'o')
      .leftJoinAndSelect('s.impersonator', 'i')
      .where('s.revoked_at IS NULL AND s.expires_at > now() AND a.is_active AND o.is_active')
      .andWhere('(i.id IS NULL OR i.is_active)');
  }

  findLiveByTokenHash(tokenHash: string): Promise<SessionEntity | null> {
    return this.live().andWhere('s.token_hash = :tokenHash', { tokenHash }).getOne();
  }

  findLiveById(id: string): Promise<SessionEntity | null> {
    return this.live().andWhere('s.id = :id', { id }).getOne();
  }

  async insert(session: Omit<SessionEntity, 'id' | 'time_created' | 'revoked_at'>): Promise<string> {
    const id = randomUUID();
    await this.sessions.insert({ id, ...session });
    return id;
  }

  /** Revokes the session if it is open; the sessions it ended (none or one). */
  async revoke(id: string, tx: Transaction): Promise<RevokedSession[]> {
    const result = await repositoryIn(tx, SessionEntity, this.sessions)
      .createQueryBuilder()
      .update(SessionEntity)
      .set({ revoked_at: () => 'now()' })
      .where('id = :id AND revoked_at IS NULL', { id })
      .returning(['id', 'account_id', 'organisation_id'])
      .execute();
    return result.raw as RevokedSession[];
  }

  /** Revokes every open session of the account (as itself or impersonated), but `exceptId`. */
  async revokeAllOf(accountId: string, exceptId: string | null, tx: Transaction): Promise<RevokedSession[]> {
    const query = repositoryIn(tx, SessionEntity, this.sessions)
      .createQueryBuilder()
      .update(SessionEntity)
      .set({ revoked_at: () => 'now()' })
      .where('account_id = :accountId AND revoked_at IS NULL', { accountId });
    if (exceptId) query.andWhere('id <> :exceptId', { exceptId });
    const result = await query.returning(['id', 'account_id', 'organisation_id']).execute();
    return result.raw as RevokedSession[];
  }
}
