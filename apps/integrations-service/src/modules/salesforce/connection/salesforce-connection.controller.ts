import { Controller } from '@nestjs/common';
import {
  type ParsedRequestOf,
  salesforceConnectionCreateContract,
  salesforceConnectionDeleteContract,
  salesforceConnectionGetContract,
  salesforceOAuthLoginContract,
  salesforceOAuthUrlContract,
} from '@meridian/contracts';
import { Auth, Endpoint, Input, type RequestContext } from '@meridian/server-kit';
import { SalesforceConnectionService } from './salesforce-connection.service';
import { SalesforceOAuthService } from './salesforce-oauth.service';

type In<E extends Parameters<typeof Endpoint>[0]> = ParsedRequestOf<E>;

/** Spec 7 Salesforce: the connection itself and its OAuth login. */
@Controller()
export class SalesforceConnectionController {
  constructor(
    private readonly connections: SalesforceConnectionService,
    private readonly oauth: SalesforceOAuthService,
  ) {}

  @Endpoint(salesforceConnectionCreateContract)
  async create(@Auth() auth: RequestContext, @Input() input: In<typeof salesforceConnectionCreateContract>) {
    return { connection: await this.connections.create(auth, input.name) };
  }

  @Endpoint(salesforceConnectionGetContract)
  async get(@Auth() auth: RequestContext, @Input() input: In<typeof salesforceConnectionGetContract>) {
    return { connection: await this.connections.get(auth, input.connection_id) };
  }

  @Endpoint(salesforceConnectionDeleteContract)
  async delete(@Auth() auth: RequestContext, @Input() input: In<typeof salesforceConnectionDeleteContract>) {
    await this.connections.delete(auth, input.connection_id);
    return { connection_id: input.connection_id };
  }

  @Endpoint(salesforceOAuthUrlContract)
  async url(@Auth() auth: RequestContext, @Input() input: In<typeof salesforceOAuthUrlContract>) {
    return { url: await this.oauth.url(auth, input.connection_id) };
  }

  @Endpoint(salesforceOAuthLoginContract)
  async login(@Auth() auth: RequestContext, @Input() input: In<typeof salesforceOAuthLoginContract>) {
    return { connection: await this.oauth.login(auth, input) };
  }
}
