import { Controller } from '@nestjs/common';
import {
  type ParsedRequestOf,
  salesforceErrorsLatestContract,
  salesforcePersonRecordsContract,
  salesforcePersonRemapContract,
  salesforcePersonResyncContract,
} from '@meridian/contracts';
import { Auth, Endpoint, Input, type RequestContext } from '@meridian/server-kit';
import { SalesforcePersonService } from './salesforce-person.service';

type In<E extends Parameters<typeof Endpoint>[0]> = ParsedRequestOf<E>;

/** The contact page's Salesforce sync panel. */
@Controller()
export class SalesforcePersonController {
  constructor(private readonly persons: SalesforcePersonService) {}

  @Endpoint(salesforcePersonRecordsContract)
  records(@Auth() auth: RequestContext, @Input() input: In<typeof salesforcePersonRecordsContract>) {
    return this.persons.records(auth, input.email);
  }

  @Endpoint(salesforceErrorsLatestContract)
  latest(@Auth() auth: RequestContext, @Input() input: In<typeof salesforceErrorsLatestContract>) {
    return this.persons.latestError(auth, input.email);
  }

  @Endpoint(salesforcePersonRemapContract)
  remap(@Auth() auth: RequestContext, @Input() input: In<typeof salesforcePersonRemapContract>) {
    return this.persons.remap(auth, input.email, input.sf_id);
  }

  @Endpoint(salesforcePersonResyncContract)
  resync(@Auth() auth: RequestContext, @Input() input: In<typeof salesforcePersonResyncContract>) {
    return this.persons.resync(auth, input.email);
  }
}
