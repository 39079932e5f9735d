import { Inject, Injectable } from '@nestjs/common';
import type {
  AccountRecord,
  Organisation,
  PageInfo,
  PageRequest,
  ResponseOf,
  internalImpersonateContract,
} from '@meridian/contracts';
import { CONFIG, LOGGER, NotFoundError, type RequestContext } from '@meridian/server-kit';
import type { Logger } from 'pino';
import type { AuthConfig } from '../../config';
import { roleNamesOf } from '../accounts/account.mapper';
import { AccountsService } from '../accounts/accounts.service';
import { toOrganisation } from '../organisations/organisation.mapper';
import { OrganisationsService } from '../organisations/organisations.service';
import { SessionsService, toLoginResponse } from '../sessions/sessions.service';
import { InternalError } from './internal.errors';

/** What internal staff do: look across organisations and impersonate their users. */
@Injectable()
export class InternalService {
  constructor(
    private readonly organisations: OrganisationsService,
    private readonly accounts: AccountsService,
    private readonly sessions: SessionsService,
    @Inject(CONFIG) private readonly config: AuthConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async listOrganisations(): Promise<Organisation[]> {
    return (await this.organisations.listAll()).map(toOrganisation);
  }

  async listAccounts(
    organisationId: string,
    page: PageRequest,
  ): Promise<PageInfo & { records: AccountRecord[] }> {
    if (!(await this.organisations.findById(organisationId))) {
      throw new NotFoundError('Organisation not found');
    }
    return this.accounts.page(organisationId, page);
  }

  /** A new, shorter session as the account, recording the staff member behind it. */
  async impersonate(
    auth: RequestContext,
    organisationId: string,
    accountId: string,
  ): Promise<ResponseOf<typeof internalImpersonateContract>> {
    const account = await this.accounts.findInOrganisation(organisationId, accountId);
    if (!account) throw new NotFoundError('Account not found');
    if (roleNamesOf(account).includes('INTERNAL_STAFF')) {
      throw new InternalError('StaffImpersonationException');
    }
    if (!account.is_active || !account.organisation?.is_active) {
      throw new InternalError('AccountDisabledException');
    }
    const started = await this.sessions.start(account, {
      ttlMinutes: this.config.IMPERSONATION_TTL_MINUTES,
      impersonatorId: auth.accountId,
    });
    this.logger.info(
      {
        impersonator_id: auth.accountId,
        account_id: account.id,
        organisation_id: organisationId,
        session_id: started.session.session.id,
      },
      'impersonation started',
    );
    return { ...toLoginResponse(started), impersonator: started.session.impersonator! };
  }
}
