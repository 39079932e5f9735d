import { Controller } from '@nestjs/common';
import {
  internalAccountListContract,
  internalImpersonateContract,
  internalOrganisationListContract,
  type ParsedRequestOf,
  type ResponseOf,
} from '@meridian/contracts';
import { Auth, Endpoint, Input, type RequestContext } from '@meridian/server-kit';
import { InternalService } from './internal.service';

/** `access: 'staff'` in every contract here: the guard refuses anyone but internal staff. */
@Controller()
export class InternalController {
  constructor(private readonly internal: InternalService) {}

  @Endpoint(internalOrganisationListContract)
  async organisations(): Promise<ResponseOf<typeof internalOrganisationListContract>> {
    return { organisations: await this.internal.listOrganisations() };
  }

  @Endpoint(internalAccountListContract)
  accounts(
    @Input() input: ParsedRequestOf<typeof internalAccountListContract>,
  ): Promise<ResponseOf<typeof internalAccountListContract>> {
    return this.internal.listAccounts(input.organisation_id, input);
  }

  @Endpoint(internalImpersonateContract)
  impersonate(
    @Auth() auth: RequestContext,
    @Input() input: ParsedRequestOf<typeof internalImpersonateContract>,
  ): Promise<ResponseOf<typeof internalImpersonateContract>> {
    return this.internal.impersonate(auth, input.organisation_id, input.account_id);
  }
}
