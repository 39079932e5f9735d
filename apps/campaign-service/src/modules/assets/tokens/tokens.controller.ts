import { Controller } from '@nestjs/common';
import {
  type ParsedRequestOf,
  tokenCodeVerifyContract,
  tokenColumnsListContract,
  tokenCreateContract,
  tokenDeleteContract,
  tokenFunctionsListContract,
  tokenGetContract,
  tokenPreviewContract,
  tokensListAllContract,
  tokensListContract,
  tokenUpdateContract,
} from '@meridian/contracts';
import { Auth, Endpoint, Input, type RequestContext } from '@meridian/server-kit';
import { PersonalisationService } from '../personalisation/personalisation.service';
import { SettingsService } from '../../settings/organisation-settings/settings.service';
import { TokensService } from './tokens.service';

type In<E extends Parameters<typeof Endpoint>[0]> = ParsedRequestOf<E>;

@Controller()
export class TokensController {
  constructor(
    private readonly tokens: TokensService,
    private readonly personalisation: PersonalisationService,
    private readonly settings: SettingsService,
  ) {}

  @Endpoint(tokensListContract)
  list(@Auth() auth: RequestContext, @Input() input: In<typeof tokensListContract>) {
    return this.tokens.page(auth, input);
  }

  @Endpoint(tokensListAllContract)
  async all(@Auth() auth: RequestContext) {
    return { records: await this.tokens.all(auth) };
  }

  @Endpoint(tokenGetContract)
  async get(@Auth() auth: RequestContext, @Input() input: In<typeof tokenGetContract>) {
    return { token: await this.tokens.get(auth, input.token_id) };
  }

  @Endpoint(tokenCreateContract)
  async create(@Auth() auth: RequestContext, @Input() input: In<typeof tokenCreateContract>) {
    return { token: await this.tokens.create(auth, input.name) };
  }

  @Endpoint(tokenUpdateContract)
  async update(@Auth() auth: RequestContext, @Input() input: In<typeof tokenUpdateContract>) {
    return { token: await this.tokens.update(auth, input) };
  }

  @Endpoint(tokenDeleteContract)
  async remove(@Auth() auth: RequestContext, @Input() input: In<typeof tokenDeleteContract>) {
    return { token: await this.tokens.remove(auth, input.token_id) };
  }

  @Endpoint(tokenFunctionsListContract)
  functions() {
    return { functions: this.personalisation.functions() };
  }

  @Endpoint(tokenColumnsListContract)
  async columns(@Auth() auth: RequestContext) {
    const [columns, settings] = await Promise.all([
      this.personalisation.columns(auth.organisationId),
      this.settings.get(auth),
    ]);
    return { columns, person_org_mapping: settings.person_org_mapping };
  }

  @Endpoint(tokenPreviewContract)
  async preview(@Auth() auth: RequestContext, @Input() input: In<typeof tokenPreviewContract>) {
    return { result: await this.tokens.preview(auth, input) };
  }

  @Endpoint(tokenCodeVerifyContract)
  verify(@Auth() auth: RequestContext, @Input() input: In<typeof tokenCodeVerifyContract>) {
    return this.personalisation.verify(auth.organisationId, input.token);
  }
}
