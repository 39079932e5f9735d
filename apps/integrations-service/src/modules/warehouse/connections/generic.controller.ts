import { Controller, Inject } from '@nestjs/common';
import {
  type IntegrationConstants,
  type ParsedRequestOf,
  WHITELIST_NOTE,
  connectionsListContract,
  constantDefaults,
  integrationConstantsContract,
  warehouseServiceList,
} from '@meridian/contracts';
import { Auth, CONFIG, Endpoint, Input, type RequestContext } from '@meridian/server-kit';
import type { IntegrationsConfig } from '../../../config';
import { UnifiedConnectionsService } from './unified-connections.service';

/** Spec 7 "generic" calls: the constants and the unified connections list. */
@Controller()
export class GenericController {
  constructor(
    private readonly unified: UnifiedConnectionsService,
    @Inject(CONFIG) private readonly config: IntegrationsConfig,
  ) {}

  @Endpoint(integrationConstantsContract)
  constants(): IntegrationConstants {
    return {
      warehouse_types: warehouseServiceList,
      ...constantDefaults,
      salesforce_login_url: this.config.SALESFORCE_LOGIN_URL,
      salesforce_enabled: Boolean(this.config.SALESFORCE_CLIENT_ID && this.config.SALESFORCE_CLIENT_SECRET),
      whitelist_note: WHITELIST_NOTE,
    };
  }

  @Endpoint(connectionsListContract)
  list(@Auth() auth: RequestContext, @Input() input: ParsedRequestOf<typeof connectionsListContract>) {
    return this.unified.page(auth, input);
  }
}
