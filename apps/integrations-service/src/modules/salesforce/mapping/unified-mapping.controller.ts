import { Controller } from '@nestjs/common';
import {
  crmMappingSetDefaultContract,
  crmMappingUpdateContract,
  type ParsedRequestOf,
  personFieldCreateContract,
  personMappingGetDestinationContract,
  salesforceConnectionCompleteContract,
  unifiedMappingGetContract,
} from '@meridian/contracts';
import { Auth, Endpoint, Input, type RequestContext } from '@meridian/server-kit';
import { BearerToken } from './bearer-token.decorator';
import { PersonFieldCreator } from './person-field-creator.service';
import { UnifiedMappingService } from './unified-mapping.service';

type In<E extends Parameters<typeof Endpoint>[0]> = ParsedRequestOf<E>;

@Controller()
export class UnifiedMappingController {
  constructor(
    private readonly mapping: UnifiedMappingService,
    private readonly fields: PersonFieldCreator,
  ) {}

  @Endpoint(unifiedMappingGetContract)
  get(@Auth() auth: RequestContext, @BearerToken() bearer: string) {
    return this.mapping.get(auth, bearer);
  }

  @Endpoint(personMappingGetDestinationContract)
  async destinations(@BearerToken() bearer: string) {
    return { destinations: await this.mapping.destinations(bearer) };
  }

  @Endpoint(crmMappingUpdateContract)
  update(
    @Auth() auth: RequestContext,
    @BearerToken() bearer: string,
    @Input() input: In<typeof crmMappingUpdateContract>,
  ) {
    return this.mapping.update(auth, bearer, input.person_mapping.mapping);
  }

  @Endpoint(crmMappingSetDefaultContract)
  setDefault(
    @Auth() auth: RequestContext,
    @BearerToken() bearer: string,
    @Input() input: In<typeof crmMappingSetDefaultContract>,
  ) {
    return this.mapping.setDefault(auth, bearer, input);
  }

  @Endpoint(personFieldCreateContract)
  async createField(
    @Auth() auth: RequestContext,
    @BearerToken() bearer: string,
    @Input() input: In<typeof personFieldCreateContract>,
  ) {
    return { field: await this.fields.create(auth, bearer, input) };
  }

  @Endpoint(salesforceConnectionCompleteContract)
  async complete(
    @Auth() auth: RequestContext,
    @BearerToken() bearer: string,
    @Input() input: In<typeof salesforceConnectionCompleteContract>,
  ) {
    const { connection, mapped_count } = await this.mapping.complete(auth, bearer, input);
    return {
      connection_id: connection.id,
      setup_complete: connection.setup_complete,
      is_sync_enabled: connection.is_sync_enabled,
      is_sync_active: connection.is_sync_active,
      next_run_at: connection.next_run_at ? new Date(connection.next_run_at).toISOString() : null,
      mapped_count,
    };
  }
}
