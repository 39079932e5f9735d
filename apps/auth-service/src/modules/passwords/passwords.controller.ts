import { Controller, Ip } from '@nestjs/common';
import {
  type ParsedRequestOf,
  passwordChangeContract,
  passwordResetContract,
  passwordSendResetContract,
  passwordSetContract,
  passwordTokenValidContract,
  type ResponseOf,
} from '@meridian/contracts';
import { Auth, Endpoint, Input, type RequestContext } from '@meridian/server-kit';
import { PasswordResetService } from './password-reset.service';
import { PasswordsService } from './passwords.service';

@Controller()
export class PasswordsController {
  constructor(
    private readonly passwords: PasswordsService,
    private readonly reset: PasswordResetService,
  ) {}

  @Endpoint(passwordTokenValidContract)
  async tokenValid(
    @Input() input: ParsedRequestOf<typeof passwordTokenValidContract>,
  ): Promise<ResponseOf<typeof passwordTokenValidContract>> {
    return { valid: await this.passwords.isLinkValid(input.token, input.request_type) };
  }

  @Endpoint(passwordSetContract)
  async set(
    @Input() input: ParsedRequestOf<typeof passwordSetContract>,
  ): Promise<ResponseOf<typeof passwordSetContract>> {
    await this.passwords.setFromLink(input.token, input.password, input.request_type);
    return { success: true };
  }

  @Endpoint(passwordResetContract)
  async resetFromLink(
    @Input() input: ParsedRequestOf<typeof passwordResetContract>,
  ): Promise<ResponseOf<typeof passwordResetContract>> {
    await this.passwords.setFromLink(input.token, input.password, 'password_reset');
    return { success: true };
  }

  @Endpoint(passwordChangeContract)
  async change(
    @Auth() auth: RequestContext,
    @Input() input: ParsedRequestOf<typeof passwordChangeContract>,
    @Ip() ip: string,
  ): Promise<ResponseOf<typeof passwordChangeContract>> {
    await this.passwords.change(auth, input.old_password, input.new_password, ip);
    return { success: true };
  }

  @Endpoint(passwordSendResetContract)
  async sendReset(
    @Input() input: ParsedRequestOf<typeof passwordSendResetContract>,
    @Ip() ip: string,
  ): Promise<ResponseOf<typeof passwordSendResetContract>> {
    await this.reset.sendReset(input.email, ip);
    return { success: true };
  }
}
