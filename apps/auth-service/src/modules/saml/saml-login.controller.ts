import { Controller, Redirect, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  lookupContract,
  type ParsedRequestOf,
  type ResponseOf,
  samlAcsContract,
  samlLoginContract,
  samlSpMetadataContract,
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

  /** Served at our entity id, so an identity provider can import us from the address it names us by. */
  @Endpoint(samlSpMetadataContract)
  async metadata(
    @Input() input: ParsedRequestOf<typeof samlSpMetadataContract>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ResponseOf<typeof samlSpMetadataContract>> {
    const xml = await this.logins.serviceProviderMetadata(input.slug);
    // Set only once the metadata exists: an error keeps the JSON error body.
    void reply.header('content-type', 'application/samlmetadata+xml; charset=utf-8');
    return xml;
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
