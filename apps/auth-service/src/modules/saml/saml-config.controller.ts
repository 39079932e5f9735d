import { Controller } from '@nestjs/common';
import {
  type ParsedRequestOf,
  type ResponseOf,
  samlConfigCreateContract,
  samlConfigGetContract,
  samlConfigUpdateContract,
  samlMetadataImportContract,
} from '@meridian/contracts';
import { Auth, Endpoint, Input, type RequestContext } from '@meridian/server-kit';
import { SamlConfigService } from './saml-config.service';

@Controller()
export class SamlConfigController {
  constructor(private readonly configs: SamlConfigService) {}

  @Endpoint(samlConfigGetContract)
  get(@Auth() auth: RequestContext): Promise<ResponseOf<typeof samlConfigGetContract>> {
    return this.configs.get(auth);
  }

  @Endpoint(samlConfigCreateContract)
  create(
    @Auth() auth: RequestContext,
    @Input() input: ParsedRequestOf<typeof samlConfigCreateContract>,
  ): Promise<ResponseOf<typeof samlConfigCreateContract>> {
    return this.configs.create(auth, input);
  }

  @Endpoint(samlConfigUpdateContract)
  update(
    @Auth() auth: RequestContext,
    @Input() input: ParsedRequestOf<typeof samlConfigUpdateContract>,
  ): Promise<ResponseOf<typeof samlConfigUpdateContract>> {
    return this.configs.update(auth, input);
  }

  @Endpoint(samlMetadataImportContract)
  importMetadata(
    @Auth() auth: RequestContext,
    @Input() input: ParsedRequestOf<typeof samlMetadataImportContract>,
  ): Promise<ResponseOf<typeof samlMetadataImportContract>> {
    return this.configs.importMetadata(auth, input);
  }
}
