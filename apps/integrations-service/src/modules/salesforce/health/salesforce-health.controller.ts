import { Controller } from '@nestjs/common';
import {
  type ParsedRequestOf,
  salesforceErrorArchiveContract,
  salesforceErrorClassQueryContract,
  salesforceErrorsListContract,
  salesforceErrorsResyncContract,
  salesforceErrorsTypesContract,
} from '@meridian/contracts';
import { Auth, Endpoint, Input, type RequestContext } from '@meridian/server-kit';
import { SalesforceHealthService } from './salesforce-health.service';

type In<E extends Parameters<typeof Endpoint>[0]> = ParsedRequestOf<E>;

/** The Salesforce page's Sync health tab. */
@Controller()
export class SalesforceHealthController {
  constructor(private readonly health: SalesforceHealthService) {}

  @Endpoint(salesforceErrorsTypesContract)
  types() {
    return this.health.types();
  }

  @Endpoint(salesforceErrorsListContract)
  list(@Auth() auth: RequestContext, @Input() input: In<typeof salesforceErrorsListContract>) {
    return this.health.list(auth, input);
  }

  @Endpoint(salesforceErrorClassQueryContract)
  affected(@Auth() auth: RequestContext, @Input() input: In<typeof salesforceErrorClassQueryContract>) {
    return this.health.affected(auth, input);
  }

  @Endpoint(salesforceErrorArchiveContract)
  archive(@Auth() auth: RequestContext, @Input() input: In<typeof salesforceErrorArchiveContract>) {
    return this.health.archive(auth, input);
  }

  @Endpoint(salesforceErrorsResyncContract)
  resync(@Auth() auth: RequestContext, @Input() input: In<typeof salesforceErrorsResyncContract>) {
    return this.health.resync(auth, input);
  }
}
