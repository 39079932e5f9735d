import { Controller } from '@nestjs/common';
import {
  marketingPersonListContract,
  type ParsedRequestOf,
  personActivitiesContract,
  personCampaignMetricsContract,
  personCreateContract,
  personEmailSentContract,
  personFieldsListContract,
  personGetContract,
  personListContract,
  personLookupContract,
  personProductUserListContract,
  personRemoveContract,
  personUnsubscribeStatusContract,
  personUnsubscribeToggleContract,
  personUpdateContract,
  type ResponseOf,
} from '@meridian/contracts';
import { Auth, DomainError, Endpoint, Input, type RequestContext } from '@meridian/server-kit';
import { PersonActivityService } from './person-activity.service';
import { PersonsService } from './persons.service';

/** An error about the email the caller sent at the top level is reported under `email`, as sent. */
function errorsOnTopLevelEmail(error: unknown): unknown {
  const key = 'default_fields.email';
  if (!(error instanceof DomainError) || !(key in error.fields)) return error;
  const { [key]: messages, ...others } = error.fields;
  return new DomainError(error.code, {
    status: error.status,
    description: error.description,
    fields: { ...others, email: messages! },
  });
}

@Controller()
export class PersonsController {
  constructor(
    private readonly persons: PersonsService,
    private readonly activity: PersonActivityService,
  ) {}

  @Endpoint(personListContract)
  list(@Auth() auth: RequestContext, @Input() input: ParsedRequestOf<typeof personListContract>) {
    return this.persons.list(auth, input);
  }

  @Endpoint(personCreateContract)
  async create(
    @Auth() auth: RequestContext,
    @Input() input: ParsedRequestOf<typeof personCreateContract>,
  ): Promise<ResponseOf<typeof personCreateContract>> {
    return { success: true, person_id: await this.persons.create(auth, input.email) };
  }

  /** The person fields with every flag, for other services (the unified mapping's destinations). */
  @Endpoint(personFieldsListContract)
  async fieldsList(@Auth() auth: RequestContext) {
    return { fields: await this.persons.fieldDefinitions(auth.organisationId) };
  }

  @Endpoint(personGetContract)
  async get(@Auth() auth: RequestContext, @Input() input: ParsedRequestOf<typeof personGetContract>) {
    return { person: await this.persons.get(auth, input.person_id) };
  }

  @Endpoint(personUpdateContract)
  async update(@Auth() auth: RequestContext, @Input() input: ParsedRequestOf<typeof personUpdateContract>) {
    const { email, ...fields } = input;
    // The top-level email is the default field's: default_fields.email wins when both are given.
    const emailAtTop = email !== undefined && !('email' in fields.default_fields);
    const default_fields = emailAtTop ? { ...fields.default_fields, email } : fields.default_fields;
    try {
      return { person: await this.persons.update(auth, input.person_id, { ...fields, default_fields }) };
    } catch (error) {
      throw emailAtTop ? errorsOnTopLevelEmail(error) : error;
    }
  }

  @Endpoint(personRemoveContract)
  async remove(
    @Auth() auth: RequestContext,
    @Input() input: ParsedRequestOf<typeof personRemoveContract>,
  ): Promise<ResponseOf<typeof personRemoveContract>> {
    await this.persons.remove(auth, input.contact_id, input.email);
    return { success: true };
  }

  @Endpoint(personUnsubscribeStatusContract)
  async unsubscribeStatus(
    @Auth() auth: RequestContext,
    @Input() input: ParsedRequestOf<typeof personUnsubscribeStatusContract>,
  ) {
    return { unsubscribed: await this.persons.unsubscribeStatus(auth, input.person_id) };
  }

  @Endpoint(personUnsubscribeToggleContract)
  async unsubscribeToggle(
    @Auth() auth: RequestContext,
    @Input() input: ParsedRequestOf<typeof personUnsubscribeToggleContract>,
  ) {
    return { unsubscribed: await this.persons.toggleUnsubscribe(auth, input.person_id) };
  }

  @Endpoint(personLookupContract)
  async lookup(@Auth() auth: RequestContext, @Input() input: ParsedRequestOf<typeof personLookupContract>) {
    return { rows: await this.activity.lookup(auth, input.email, input.campaign_context) };
  }

  @Endpoint(personProductUserListContract)
  productUsers(
    @Auth() auth: RequestContext,
    @Input() input: ParsedRequestOf<typeof personProductUserListContract>,
  ) {
    return this.activity.productUsers(auth, input);
  }

  @Endpoint(personActivitiesContract)
  activities(@Auth() auth: RequestContext, @Input() input: ParsedRequestOf<typeof personActivitiesContract>) {
    return this.activity.activities(auth, input);
  }

  @Endpoint(personCampaignMetricsContract)
  campaignMetrics(
    @Auth() auth: RequestContext,
    @Input() input: ParsedRequestOf<typeof personCampaignMetricsContract>,
  ) {
    return this.activity.emails(auth, input);
  }

  @Endpoint(personEmailSentContract)
  emailSent(@Auth() auth: RequestContext, @Input() input: ParsedRequestOf<typeof personEmailSentContract>) {
    return this.activity.emails(auth, input);
  }

  @Endpoint(marketingPersonListContract)
  marketingPersons(
    @Auth() auth: RequestContext,
    @Input() input: ParsedRequestOf<typeof marketingPersonListContract>,
  ) {
    return this.activity.marketingPersons(auth, input);
  }
}
