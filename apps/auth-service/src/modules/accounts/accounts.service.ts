import { Injectable } from '@nestjs/common';
import type { AccountRecord, PageInfo, PageRequest, RoleName } from '@meridian/contracts';
import { pageCount } from '@meridian/contracts';
import type { Transaction } from '@meridian/server-kit';
import type { OrganisationEntity } from '../organisations/organisation.entity';
import type { AccountEntity } from './account.entity';
import { toAccountRecord } from './account.mapper';
import { AccountsRepository, EmailTakenError, type NewAccount } from './accounts.repository';
import { AccountsError, EMAIL_TAKEN_MESSAGE } from './accounts.errors';

/** Accounts of the internal organisation are internal staff, whatever else they are. */
export function rolesFor(
  organisation: Pick<OrganisationEntity, 'is_internal'>,
  roles: RoleName[],
): RoleName[] {
  const customerRoles = roles.filter((role) => role !== 'INTERNAL_STAFF');
  return organisation.is_internal ? ['INTERNAL_STAFF', ...customerRoles] : customerRoles;
}

/** Reads and writes of accounts for every feature; the repository stays private to this module. */
@Injectable()
export class AccountsService {
  constructor(private readonly accounts: AccountsRepository) {}

  findById(id: string, tx?: Transaction): Promise<AccountEntity | null> {
    return this.accounts.findById(id, tx);
  }

  findInOrganisation(organisationId: string, id: string, tx?: Transaction): Promise<AccountEntity | null> {
    return this.accounts.findInOrganisation(organisationId, id, tx);
  }

  findByEmail(email: string, tx?: Transaction): Promise<AccountEntity | null> {
    return this.accounts.findByEmail(email, tx);
  }

  findByEmailWithPassword(email: string): Promise<AccountEntity | null> {
    return this.accounts.findByEmailWithPassword(email);
  }

  passwordHashOf(id: string): Promise<string | null> {
    return this.accounts.passwordHashOf(id);
  }

  existingEmails(emails: string[], tx?: Transaction): Promise<Set<string>> {
    return this.accounts.existingEmails(emails, tx);
  }

  async create(
    organisation: OrganisationEntity,
    account: Omit<NewAccount, 'organisation_id'>,
    roles: RoleName[],
    tx: Transaction,
  ): Promise<AccountEntity> {
    try {
      return await this.accounts.insert(
        { ...account, organisation_id: organisation.id },
        rolesFor(organisation, roles),
        tx,
      );
    } catch (error) {
      if (error instanceof EmailTakenError) {
        throw new AccountsError('AccountAlreadyExistsException', {
          fields: { email: [EMAIL_TAKEN_MESSAGE] },
        });
      }
      throw error;
    }
  }

  setRoles(
    account: AccountEntity,
    organisation: OrganisationEntity,
    roles: RoleName[],
    tx: Transaction,
  ): Promise<void> {
    return this.accounts.replaceRoles(account.id, organisation.id, rolesFor(organisation, roles), tx);
  }

  rename(id: string, name: string, tx?: Transaction): Promise<void> {
    return this.accounts.rename(id, name, tx);
  }

  setPasswordFromLink(id: string, passwordHash: string, tx: Transaction): Promise<void> {
    return this.accounts.setPasswordFromLink(id, passwordHash, tx);
  }

  setPassword(id: string, passwordHash: string, tx: Transaction): Promise<void> {
    return this.accounts.setPassword(id, passwordHash, tx);
  }

  markEmailVerified(id: string, tx: Transaction): Promise<void> {
    return this.accounts.markEmailVerified(id, tx);
  }

  markInvited(id: string, tx: Transaction): Promise<void> {
    return this.accounts.markInvited(id, tx);
  }

  countOtherAdmins(organisationId: string, exceptAccountId: string, tx?: Transaction): Promise<number> {
    return this.accounts.countOtherAdmins(organisationId, exceptAccountId, tx);
  }

  deleteOpenInvite(organisationId: string, id: string): Promise<boolean> {
    return this.accounts.deleteOpenInvite(organisationId, id);
  }

  /** One organisation's accounts, oldest first, a page at a time. */
  async page(organisationId: string, page: PageRequest): Promise<PageInfo & { records: AccountRecord[] }> {
    const [rows, total] = await this.accounts.page(organisationId, page.page_number, page.page_size);
    return {
      records: rows.map(toAccountRecord),
      page_number: page.page_number,
      page_size: page.page_size,
      page_count: pageCount(total, page.page_size),
      total_count: total,
    };
  }
}
