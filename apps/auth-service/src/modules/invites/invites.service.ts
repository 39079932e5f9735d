import { Injectable } from '@nestjs/common';
import {
  ADMINS_ONLY_USERS,
  type AccountRecord,
  type createUsersContract,
  editedRoleNames,
  events,
  invitedRoleNames,
  type ParsedRequestOf,
  type resendInviteContract,
  type updateAccountContract,
} from '@meridian/contracts';
import {
  EventPublisher,
  hasRole,
  NotFoundError,
  type RequestContext,
  Transactions,
  ValidationError,
} from '@meridian/server-kit';
import { AccountMailer } from '../accounts/account-mailer';
import { isInvitePending, type AccountEntity } from '../accounts/account.entity';
import { roleNamesOf, toAccountRecord } from '../accounts/account.mapper';
import { AccountTokensService } from '../accounts/account-tokens.service';
import { AccountsService } from '../accounts/accounts.service';
import { EMAIL_TAKEN_MESSAGE } from '../accounts/accounts.errors';
import type { OrganisationEntity } from '../organisations/organisation.entity';
import { OrganisationsService } from '../organisations/organisations.service';
import { ACCOUNT_NOT_FOUND, EMAIL_CANNOT_CHANGE, INVITE_NOT_FOUND, InvitesError } from './invites.errors';

type Invitee = ParsedRequestOf<typeof createUsersContract>['users'][number];

/**
 * Inviting users and managing them. Admins only, checked here whatever the web
 * shows; accounts of another organisation do not exist for the caller (404).
 */
@Injectable()
export class InvitesService {
  constructor(
    private readonly transactions: Transactions,
    private readonly accounts: AccountsService,
    private readonly organisations: OrganisationsService,
    private readonly tokens: AccountTokensService,
    private readonly mailer: AccountMailer,
    private readonly publisher: EventPublisher,
  ) {}

  private requireAdmin(auth: RequestContext): void {
    if (!hasRole(auth, 'CUSTOMER_ORG_ADMIN'))
      throw new InvitesError('ForbiddenException', { description: ADMINS_ONLY_USERS });
  }

  private async organisationOf(auth: RequestContext): Promise<OrganisationEntity> {
    const organisation = await this.organisations.findById(auth.organisationId);
    if (!organisation) throw new NotFoundError('Organisation not found');
    return organisation;
  }

  private async mailInvite(
    account: AccountEntity,
    organisation: OrganisationEntity,
    inviterId: string,
    token: string,
  ) {
    const inviter = await this.accounts.findById(inviterId);
    await this.mailer.sendPasswordCreate(
      account,
      { organisationName: organisation.name, inviterName: inviter?.name ?? organisation.name },
      token,
    );
  }

  /** All or nothing: one email already taken (or given twice) and nobody is invited. */
  async createUsers(auth: RequestContext, users: Invitee[]): Promise<AccountRecord[]> {
    this.requireAdmin(auth);
    const repeated: Record<string, string[]> = {};
    const seen = new Set<string>();
    users.forEach((user, i) => {
      const key = user.email.toLowerCase();
      if (seen.has(key)) repeated[`users.${i}.email`] = ['This email is already in the list'];
      seen.add(key);
    });
    if (Object.keys(repeated).length > 0) throw new ValidationError(repeated);

    const organisation = await this.organisationOf(auth);
    const invited = await this.transactions.run(async (tx) => {
      const taken = await this.accounts.existingEmails(
        users.map((user) => user.email),
        tx,
      );
      const conflicts = Object.fromEntries(
        users.flatMap((user, i) =>
          taken.has(user.email.toLowerCase()) ? [[`users.${i}.email`, [EMAIL_TAKEN_MESSAGE]]] : [],
        ),
      );
      if (Object.keys(conflicts).length > 0) {
        throw new InvitesError('AccountAlreadyExistsException', { fields: conflicts });
      }
      const rows: Array<{ account: AccountEntity; token: string }> = [];
      for (const user of users) {
        const account = await this.accounts.create(
          organisation,
          { name: user.name, email: user.email, invited_by_id: auth.accountId, time_invited: new Date() },
          invitedRoleNames(user),
          tx,
        );
        rows.push({ account, token: await this.tokens.issue(account, 'password_create', tx) });
      }
      return rows;
    });
    // Mails go out after the commit: nobody gets a link to an invite that was rolled back.
    for (const { account, token } of invited) {
      await this.mailInvite(account, organisation, auth.accountId, token);
    }
    return invited.map(({ account }) => toAccountRecord(account));
  }

  async deleteInvite(auth: RequestContext, accountId: string): Promise<void> {
    this.requireAdmin(auth);
    if (!(await this.accounts.deleteOpenInvite(auth.organisationId, accountId))) {
      throw new NotFoundError(INVITE_NOT_FOUND);
    }
  }

  /** A new password-create link (the previous one stops working), with the invite's name and roles saved. */
  async resendInvite(
    auth: RequestContext,
    input: ParsedRequestOf<typeof resendInviteContract>,
  ): Promise<AccountRecord> {
    this.requireAdmin(auth);
    const account = await this.accounts.findInOrganisation(auth.organisationId, input.account_id);
    if (!account || !isInvitePending(account)) throw new NotFoundError(INVITE_NOT_FOUND);
    if (input.email.toLowerCase() !== account.email.toLowerCase()) {
      throw new ValidationError({ email: [EMAIL_CANNOT_CHANGE] });
    }
    const organisation = await this.organisationOf(auth);
    const token = await this.transactions.run(async (tx) => {
      await this.accounts.rename(account.id, input.name, tx);
      await this.accounts.setRoles(account, organisation, input.role_names, tx);
      await this.accounts.markInvited(account.id, tx);
      return this.tokens.issue(account, 'password_create', tx);
    });
    const updated = (await this.accounts.findById(account.id))!;
    await this.mailInvite(updated, organisation, auth.accountId, token);
    return toAccountRecord(updated);
  }

  /** Name and roles only: the email never changes. The last admin cannot stop being one. */
  async update(
    auth: RequestContext,
    input: ParsedRequestOf<typeof updateAccountContract>,
  ): Promise<AccountRecord> {
    this.requireAdmin(auth);
    const account = await this.accounts.findInOrganisation(auth.organisationId, input.account_id);
    if (!account) throw new NotFoundError(ACCOUNT_NOT_FOUND);
    if (input.email !== undefined && input.email.toLowerCase() !== account.email.toLowerCase()) {
      throw new ValidationError({ email: [EMAIL_CANNOT_CHANGE] });
    }
    const roleNames = editedRoleNames(input);
    const organisation = await this.organisationOf(auth);
    await this.transactions.run(async (tx) => {
      if (input.name !== undefined) await this.accounts.rename(account.id, input.name, tx);
      if (roleNames !== undefined) {
        const losesAdmin =
          roleNamesOf(account).includes('CUSTOMER_ORG_ADMIN') && !roleNames.includes('CUSTOMER_ORG_ADMIN');
        if (
          losesAdmin &&
          !isInvitePending(account) &&
          (await this.accounts.countOtherAdmins(organisation.id, account.id, tx)) === 0
        ) {
          throw new InvitesError('LastAdminException');
        }
        await this.accounts.setRoles(account, organisation, roleNames, tx);
      }
      // Other services hold the account's sessions (roles, name) for a while: they ask again.
      await this.publisher.publish(tx, events.accountChanged, {
        organisation_id: organisation.id,
        account_id: account.id,
      });
    });
    return toAccountRecord((await this.accounts.findById(account.id))!);
  }
}
