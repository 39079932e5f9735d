import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { LinkRequestType } from '@meridian/contracts';
import { managerIn, repositoryIn, type Transaction } from '@meridian/server-kit';
import { Repository } from 'typeorm';
import { AccountTokenEntity } from './account-token.entity';

export interface IssuedForEmail {
  account_id: string;
  name: string;
  email: string;
  is_federated_user: boolean;
  issued: boolean;
}

@Injectable()
export class AccountTokensRepository {
  constructor(
    @InjectRepository(AccountTokenEntity) private readonly tokens: Repository<AccountTokenEntity>,
  ) {}

  /** Issues a token and retires the account's earlier open tokens of the same purpose. */
  async issue(
    token: {
      account_id: string;
      organisation_id: string;
      purpose: LinkRequestType;
      token_hash: string;
      expires_at: Date;
    },
    tx: Transaction,
  ): Promise<void> {
    const repository = repositoryIn(tx, AccountTokenEntity, this.tokens);
    await repository
      .createQueryBuilder()
      .update(AccountTokenEntity)
      .set({ used_at: () => 'now()' })
      .where('account_id = :accountId AND purpose = :purpose AND used_at IS NULL', {
        accountId: token.account_id,
        purpose: token.purpose,
      })
      .execute();
    await repository.insert({ id: randomUUID(), ...token });
  }

  /**
   * Issues a token for the account with this email, if there is one, in a single
   * statement: the same work, in the same time, whether the email is known or not.
   * Federated accounts get no token (they have no password).
   */
  async issueForEmail(
    email: string,
    token: { purpose: LinkRequestType; token_hash: string; expires_at: Date },
  ): Promise<IssuedForEmail | null> {
    const rows: IssuedForEmail[] = await managerIn(undefined, this.tokens).query(
      `WITH target AS (
         SELECT id, organisation_id, name, email, is_federated_user FROM auth.accounts WHERE lower(email) = lower($1)
       ), retired AS (
         UPDATE auth.account_tokens t SET used_at = now()
           FROM target WHERE t.account_id = target.id AND t.purpose = $2 AND t.used_at IS NULL AND NOT target.is_federated_user
       ), issued AS (
         INSERT INTO auth.account_tokens (id, account_id, organisation_id, purpose, token_hash, expires_at)
         SELECT gen_random_uuid(), id, organisation_id, $2, $3, $4 FROM target WHERE NOT is_federated_user
         RETURNING account_id
       )
       SELECT target.id AS account_id, target.name, target.email, target.is_federated_user,
              EXISTS (SELECT 1 FROM issued) AS issued
         FROM target`,
      [email, token.purpose, token.token_hash, token.expires_at],
    );
    return rows[0] ?? null;
  }

  async isUsable(tokenHash: string, purpose: LinkRequestType): Promise<boolean> {
    const count = await this.tokens
      .createQueryBuilder('t')
      .where(
        't.token_hash = :tokenHash AND t.purpose = :purpose AND t.used_at IS NULL AND t.expires_at > now()',
        {
          tokenHash,
          purpose,
        },
      )
      .getCount();
    return count > 0;
  }

  /** Retires the account's open password links (invitation and reset): its password is set now. */
  async retirePasswordLinks(accountId: string, tx: Transaction): Promise<void> {
    await managerIn(tx, this.tokens).query(
      `UPDATE auth.account_tokens SET used_at = now()
        WHERE account_id = $1 AND purpose IN ('password_create', 'password_reset') AND used_at IS NULL`,
      [accountId],
    );
  }

  /** Marks a usable token used, atomically; returns its account, or null when it was not usable. */
  async consume(tokenHash: string, purpose: LinkRequestType, tx: Transaction): Promise<string | null> {
    const [rows]: [Array<{ account_id: string }>, number] = await managerIn(tx, this.tokens).query(
      `UPDATE auth.account_tokens SET used_at = now()
        WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
        RETURNING account_id`,
      [tokenHash, purpose],
    );
    return rows[0]?.account_id ?? null;
  }
}
