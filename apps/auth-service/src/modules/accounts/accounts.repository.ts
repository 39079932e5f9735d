import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { RoleName } from '@meridian/contracts';
import { isUniqueViolation, repositoryIn, type Transaction } from '@meridian/server-kit';
import { Brackets, Repository, type SelectQueryBuilder } from 'typeorm';
import { AccountEntity, AccountRoleEntity } from './account.entity';

export interface NewAccount {
  organisation_id: string;
  name: string;
  email: string;
  password_hash?: string | null;
  is_email_verified?: boolean;
  is_federated_user?: boolean;
  invited_by_id?: string | null;
  time_invited?: Date | null;
}

/** Thrown when an email is taken by a concurrent insert; services turn it into their own error. */
export class EmailTakenError extends Error {}

@Injectable()
export class AccountsRepository {
  constructor(@InjectRepository(AccountEntity) private readonly accounts: Repository<AccountEntity>) {}

  private withRoles(tx?: Transaction): SelectQueryBuilder<AccountEntity> {
    return repositoryIn(tx, AccountEntity, this.accounts)
      .createQueryBuilder('a')
      .leftJoinAndSelect('a.roles', 'r')
      .innerJoinAndSelect('a.organisation', 'o');
  }

  findById(id: string, tx?: Transaction): Promise<AccountEntity | null> {
    return this.withRoles(tx).where('a.id = :id', { id }).getOne();
  }

  /** Only accounts of this organisation exist for the caller: any other id is not found. */
  findInOrganisation(organisationId: string, id: string, tx?: Transaction): Promise<AccountEntity | null> {
    return this.withRoles(tx)
      .where('a.id = :id AND a.organisation_id = :organisationId', { id, organisationId })
      .getOne();
  }

  findByEmail(email: string, tx?: Transaction): Promise<AccountEntity | null> {
    return this.withRoles(tx).where('lower(a.email) = lower(:email)', { email }).getOne();
  }

  /** The account with its password hash, for checking a password. */
  findByEmailWithPassword(email: string): Promise<AccountEntity | null> {
    return this.withRoles()
      .addSelect('a.password_hash')
      .where('lower(a.email) = lower(:email)', { email })
      .getOne();
  }

  async passwordHashOf(id: string): Promise<string | null> {
    const row = await this.accounts
      .createQueryBuilder('a')
      .addSelect('a.password_hash')
      .where('a.id = :id', { id })
      .getOne();
    return row?.password_hash ?? null;
  }

  /** Which of these emails already have an account (lower-cased). */
  async existingEmails(emails: string[], tx?: Transaction): Promise<Set<string>> {
    if (emails.length === 0) return new Set();
    const rows = await repositoryIn(tx, AccountEntity, this.accounts)
      .createQueryBuilder('a')
      .select('lower(a.email)', 'email')
      .where('lower(a.email) IN (:...emails)', { emails: emails.map((email) => email.toLowerCase()) })
      .getRawMany<{ email: string }>();
    return new Set(rows.map((row) => row.email));
  }

  async insert(account: NewAccount, roles: RoleName[], tx: Transaction): Promise<AccountEntity> {
    const repository = repositoryIn(tx, AccountEntity, this.accounts);
    const id = randomUUID();
    try {
      await repository.insert({ id, ...account });
    } catch (error) {
      if (isUniqueViolation(error, 'accounts_email_key')) throw new EmailTakenError(account.email);
      throw error;
    }
    await this.replaceRoles(id, account.organisation_id, roles, tx);
    return (await this.findById(id, tx))!;
  }

  async replaceRoles(
    accountId: string,
    organisationId: string,
    roles: RoleName[],
    tx: Transaction,
  ): Promise<void> {
    const repository = repositoryIn(
      tx,
      AccountRoleEntity,
      this.accounts.manager.getRepository(AccountRoleEntity),
    );
    await repository.delete({ account_id: accountId });
    await repository.insert(
      [...new Set(roles)].map((role_name) => ({
        account_id: accountId,
        organisation_id: organisationId,
        role_name,
      })),
    );
  }

  async rename(id: string, name: string, tx?: Transaction): Promise<void> {
    await repositoryIn(tx, AccountEntity, this.accounts).update({ id }, { name });
  }

  /** A password set from a mailed link also proves the email and accepts an open invite. */
  async setPasswordFromLink(id: string, passwordHash: string, tx: Transaction): Promise<void> {
    await repositoryIn(tx, AccountEntity, this.accounts)
      .createQueryBuilder()
      .update(AccountEntity)
      .set({
        password_hash: passwordHash,
        is_email_verified: true,
        time_invite_accepted: () =>
          'CASE WHEN time_invited IS NOT NULL THEN COALESCE(time_invite_accepted, now()) END',
        time_updated: () => 'now()',
      })
      .where('id = :id', { id })
      .execute();
  }

  async setPassword(id: string, passwordHash: string, tx: Transaction): Promise<void> {
    await repositoryIn(tx, AccountEntity, this.accounts).update({ id }, { password_hash: passwordHash });
  }

  async markEmailVerified(id: string, tx: Transaction): Promise<void> {
    await repositoryIn(tx, AccountEntity, this.accounts).update({ id }, { is_email_verified: true });
  }

  async markInvited(id: string, tx: Transaction): Promise<void> {
    await repositoryIn(tx, AccountEntity, this.accounts).update({ id }, { time_invited: new Date() });
  }

  async page(
    organisationId: string,
    pageNumber: number,
    pageSize: number,
  ): Promise<[AccountEntity[], number]> {
    return this.withRoles()
      .where('a.organisation_id = :organisationId', { organisationId })
      .orderBy('a.time_created', 'ASC')
      .addOrderBy('a.id', 'ASC')
      .skip((pageNumber - 1) * pageSize)
      .take(pageSize)
      .getManyAndCount();
  }

  /** Admins who can act (active, invite accepted if invited), other than `exceptAccountId`. */
  countOtherAdmins(organisationId: string, exceptAccountId: string, tx?: Transaction): Promise<number> {
    return repositoryIn(tx, AccountEntity, this.accounts)
      .createQueryBuilder('a')
      .innerJoin('a.roles', 'r', "r.role_name = 'CUSTOMER_ORG_ADMIN'")
      .where('a.organisation_id = :organisationId AND a.id <> :exceptAccountId AND a.is_active', {
        organisationId,
        exceptAccountId,
      })
      .andWhere('(a.time_invited IS NULL OR a.time_invite_accepted IS NOT NULL)')
      .getCount();
  }

  /** Deletes the account only while it is an open invite of this organisation; true when it did. */
  async deleteOpenInvite(organisationId: string, id: string): Promise<boolean> {
    const result = await this.accounts
      .createQueryBuilder()
      .delete()
      .from(AccountEntity)
      .where('id = :id AND organisation_id = :organisationId', { id, organisationId })
      .andWhere(
        new Brackets((where) =>
          where.where('time_invited IS NOT NULL').andWhere('time_invite_accepted IS NULL'),
        ),
      )
      .execute();
    return (result.affected ?? 0) > 0;
  }
}
