import { Controller, Redirect } from '@nestjs/common';
import {
  lookupContract,
  type ParsedRequestOf,
  type ResponseOf,
  samlAcsContract,
  samlLoginContract,
  samlStartContract,
} from '@meridian/contracts';
import { Endpoint, Input } from '@meridian/server-kit';
import { LookupService } from './lookup.service';
import { SamlLoginService } from './saml-login.service';
import { SsoSessionService } from './sso-session.service';

/** The login side of single sign-on: the email step, the browser round trip, and the code exchange. */
@Controller()
export class SamlLoginController {
  constructor(
    private readonly lookups: LookupService,
    private readonly logins: SamlLoginService,
    private readonly ssoSessions: SsoSessionService,
  ) {}

  @Endpoint(lookupContract)
  lookup(@Input() input: ParsedRequestOf<typeof lookupContract>): Promise<ResponseOf<typeof lookupContract>> {
    return this.lookups.lookup(input.email);
  }

  @Endpoint(samlStartContract)
  @Redirect('', 302)
  async start(
    @Input() input: ParsedRequestOf<typeof samlStartContract>,
  ): Promise<ResponseOf<typeof samlStartContract>> {
    return { url: await this.logins.start(input.slug) };
  }

  // 303: the browser follows a POST's answer with a GET.
  @Endpoint(samlAcsContract)
  @Redirect('', 303)
  async acs(
    @Input() input: ParsedRequestOf<typeof samlAcsContract>,
  ): Promise<ResponseOf<typeof samlAcsContract>> {
    return { url: await this.logins.consume(input.slug, input.SAMLResponse) };
  }

  @Endpoint(samlLoginContract)
  exchange(
    @Input() input: ParsedRequestOf<typeof samlLoginContract>,
  ): Promise<ResponseOf<typeof samlLoginContract>> {
    return this.ssoSessions.exchange(input.code);
  }
}
