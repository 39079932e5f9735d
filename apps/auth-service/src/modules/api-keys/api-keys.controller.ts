import { Controller } from '@nestjs/common';
import {
  apiKeyCreateContract,
  apiKeyListContract,
  type ParsedRequestOf,
  type ResponseOf,
} from '@meridian/contracts';
import { Auth, Endpoint, Input, type RequestContext } from '@meridian/server-kit';
import { ApiKeysService } from './api-keys.service';

@Controller()
export class ApiKeysController {
  constructor(private readonly keys: ApiKeysService) {}

  @Endpoint(apiKeyListContract)
  async list(@Auth() auth: RequestContext): Promise<ResponseOf<typeof apiKeyListContract>> {
    return { api_keys: await this.keys.list(auth) };
  }

  @Endpoint(apiKeyCreateContract)
  async create(
    @Auth() auth: RequestContext,
    @Input() input: ParsedRequestOf<typeof apiKeyCreateContract>,
  ): Promise<ResponseOf<typeof apiKeyCreateContract>> {
    return { api_key: await this.keys.create(auth, input) };
  }
}
