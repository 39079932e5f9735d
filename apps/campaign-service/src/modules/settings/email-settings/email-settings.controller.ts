import { Controller } from '@nestjs/common';
import {
  emailSettingsCreateContract,
  emailSettingsUpdateContract,
  type ParsedRequestOf,
  type ResponseOf,
  senderDomainListContract,
  unsubUrlCreateContract,
  unsubUrlDeleteContract,
  unsubUrlGetContract,
  unsubUrlUpdateContract,
} from '@meridian/contracts';
import { Auth, Endpoint, Input, type RequestContext } from '@meridian/server-kit';
import { requireAdmin } from './email-settings.errors';
import { EmailSettingsService } from './email-settings.service';
import { UnsubscribeUrlService } from './unsubscribe-url.service';

type In<E extends Parameters<typeof Endpoint>[0]> = ParsedRequestOf<E>;
type Out<E extends Parameters<typeof Endpoint>[0]> = Promise<ResponseOf<E>>;

/** Spec 7 "Settings": the global email configuration, sender domains and the opt-out page setting. */
@Controller()
export class EmailSettingsController {
  constructor(
    private readonly emailSettings: EmailSettingsService,
    private readonly unsubUrls: UnsubscribeUrlService,
  ) {}

  @Endpoint(emailSettingsCreateContract)
  async create(
    @Auth() auth: RequestContext,
    @Input() input: In<typeof emailSettingsCreateContract>,
  ): Out<typeof emailSettingsCreateContract> {
    requireAdmin(auth);
    return { email: await this.emailSettings.create(auth.organisationId, input) };
  }

  @Endpoint(emailSettingsUpdateContract)
  async update(
    @Auth() auth: RequestContext,
    @Input() input: In<typeof emailSettingsUpdateContract>,
  ): Out<typeof emailSettingsUpdateContract> {
    requireAdmin(auth);
    return { email: await this.emailSettings.update(auth.organisationId, input) };
  }

  @Endpoint(senderDomainListContract)
  async domains(
    @Auth() auth: RequestContext,
    @Input() input: In<typeof senderDomainListContract>,
  ): Out<typeof senderDomainListContract> {
    return { domain: await this.emailSettings.senderDomains(auth.organisationId, input.active) };
  }

  @Endpoint(unsubUrlGetContract)
  async getUnsubUrl(@Auth() auth: RequestContext): Out<typeof unsubUrlGetContract> {
    return { unsub_url: await this.unsubUrls.get(auth.organisationId) };
  }

  @Endpoint(unsubUrlCreateContract)
  async createUnsubUrl(
    @Auth() auth: RequestContext,
    @Input() input: In<typeof unsubUrlCreateContract>,
  ): Out<typeof unsubUrlCreateContract> {
    requireAdmin(auth);
    return { unsub_url: await this.unsubUrls.create(auth.organisationId, input) };
  }

  @Endpoint(unsubUrlUpdateContract)
  async updateUnsubUrl(
    @Auth() auth: RequestContext,
    @Input() input: In<typeof unsubUrlUpdateContract>,
  ): Out<typeof unsubUrlUpdateContract> {
    requireAdmin(auth);
    return { unsub_url: await this.unsubUrls.update(auth.organisationId, input) };
  }

  @Endpoint(unsubUrlDeleteContract)
  async deleteUnsubUrl(@Auth() auth: RequestContext): Out<typeof unsubUrlDeleteContract> {
    requireAdmin(auth);
    await this.unsubUrls.delete(auth.organisationId);
    return { unsub_url: null };
  }
}
