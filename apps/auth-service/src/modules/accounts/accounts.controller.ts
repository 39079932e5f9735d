import { Controller } from '@nestjs/common';
import {
  accountListContract,
  type ParsedRequestOf,
  registerContract,
  type ResponseOf,
  verifyEmailContract,
} from '@meridian/contracts';
import { Auth, Endpoint, Input, type RequestContext } from '@meridian/server-kit';
import { AccountsService } from './accounts.service';
import { RegistrationService } from './registration.service';

@Controller()
export class AccountsController {
  constructor(
    private readonly registration: RegistrationService,
    private readonly accounts: AccountsService,
  ) {}

  @Endpoint(registerContract)
  async register(
    @Input() input: ParsedRequestOf<typeof registerContract>,
  ): Promise<ResponseOf<typeof registerContract>> {
    return { success: true, ...(await this.registration.register(input)) };
  }

  @Endpoint(verifyEmailContract)
  async verify(
    @Input() input: ParsedRequestOf<typeof verifyEmailContract>,
  ): Promise<ResponseOf<typeof verifyEmailContract>> {
    await this.registration.verifyEmail(input.token);
    return { success: true };
  }

  @Endpoint(accountListContract)
  list(
    @Auth() auth: RequestContext,
    @Input() input: ParsedRequestOf<typeof accountListContract>,
  ): Promise<ResponseOf<typeof accountListContract>> {
    return this.accounts.page(auth.organisationId, input);
  }
}
