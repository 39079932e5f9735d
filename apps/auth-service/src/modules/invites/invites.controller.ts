import { Controller } from '@nestjs/common';
import {
  createUsersContract,
  deleteInviteContract,
  type ParsedRequestOf,
  resendInviteContract,
  type ResponseOf,
  updateAccountContract,
} from '@meridian/contracts';
import { Auth, Endpoint, Input, type RequestContext } from '@meridian/server-kit';
import { InvitesService } from './invites.service';

@Controller()
export class InvitesController {
  constructor(private readonly invites: InvitesService) {}

  @Endpoint(createUsersContract)
  async createUsers(
    @Auth() auth: RequestContext,
    @Input() input: ParsedRequestOf<typeof createUsersContract>,
  ): Promise<ResponseOf<typeof createUsersContract>> {
    return { success: true, accounts: await this.invites.createUsers(auth, input.users) };
  }

  @Endpoint(deleteInviteContract)
  async deleteInvite(
    @Auth() auth: RequestContext,
    @Input() input: ParsedRequestOf<typeof deleteInviteContract>,
  ): Promise<ResponseOf<typeof deleteInviteContract>> {
    await this.invites.deleteInvite(auth, input.account_id);
    return { success: true };
  }

  @Endpoint(resendInviteContract)
  async resendInvite(
    @Auth() auth: RequestContext,
    @Input() input: ParsedRequestOf<typeof resendInviteContract>,
  ): Promise<ResponseOf<typeof resendInviteContract>> {
    return { success: true, account: await this.invites.resendInvite(auth, input) };
  }

  @Endpoint(updateAccountContract)
  async update(
    @Auth() auth: RequestContext,
    @Input() input: ParsedRequestOf<typeof updateAccountContract>,
  ): Promise<ResponseOf<typeof updateAccountContract>> {
    return { success: true, account: await this.invites.update(auth, input) };
  }
}
