import { Controller } from '@nestjs/common';
import {
  audienceComputeOperatorsContract,
  audienceCountContract,
  audienceEventPropertiesContract,
  audienceEventsContract,
  audienceFiltersListContract,
  audienceMarketingActivitiesContract,
  audienceOperatorsBody,
  audienceOperatorsContract,
  audiencePreviewContract,
  type AudienceQuery,
  audienceTableDescriptionContract,
  dynamicListsAllContract,
  formulaOperators,
  marketingEventSchema,
  type ParsedRequestOf,
  staticListQueryInsertContract,
  staticListQueryPreviewContract,
} from '@meridian/contracts';
import { Auth, Endpoint, Input, type RequestContext } from '@meridian/server-kit';
import { AudienceService } from './audience.service';

type In<E extends Parameters<typeof Endpoint>[0]> = ParsedRequestOf<E>;
const asQuery = (query: { conditions: unknown[] }) => query as AudienceQuery;

/** Spec 7 "Dynamic list", and the static list calls that add a query's people to a list. */
@Controller()
export class AudienceController {
  constructor(private readonly audience: AudienceService) {}

  @Endpoint(audienceTableDescriptionContract)
  async columns(@Auth() auth: RequestContext) {
    return { columns: await this.audience.columns(auth) };
  }

  @Endpoint(audienceFiltersListContract)
  async filters(@Auth() auth: RequestContext, @Input() input: In<typeof audienceFiltersListContract>) {
    return { filters: await this.audience.filters(auth, input.filter_type, input.campaign_id) };
  }

  @Endpoint(audienceEventsContract)
  async events(@Auth() auth: RequestContext, @Input() input: In<typeof audienceEventsContract>) {
    const names = await this.audience.events(auth, input.keyword || undefined, input.max_result);
    return { rows: names.map((event_name) => ({ event_name })) };
  }

  @Endpoint(audienceEventPropertiesContract)
  async eventProperties(
    @Auth() auth: RequestContext,
    @Input() input: In<typeof audienceEventPropertiesContract>,
  ) {
    return { properties: await this.audience.eventProperties(auth, input.event_name) };
  }

  @Endpoint(audienceOperatorsContract)
  operators() {
    return audienceOperatorsBody();
  }

  @Endpoint(audienceComputeOperatorsContract)
  computeOperators() {
    return { operators: [...formulaOperators] };
  }

  @Endpoint(audienceMarketingActivitiesContract)
  marketingActivities() {
    return { marketing_activity: [...marketingEventSchema.options] };
  }

  @Endpoint(audiencePreviewContract)
  preview(@Auth() auth: RequestContext, @Input() input: In<typeof audiencePreviewContract>) {
    return this.audience.preview(auth, asQuery(input.query), input.campaign_context);
  }

  @Endpoint(audienceCountContract)
  async count(@Auth() auth: RequestContext, @Input() input: In<typeof audienceCountContract>) {
    const query = input.query ? asQuery(input.query) : undefined;
    return { count: await this.audience.count(auth, input.campaign_id, query) };
  }

  @Endpoint(dynamicListsAllContract)
  async dynamicLists(@Auth() auth: RequestContext) {
    return { records: await this.audience.dynamicLists(auth) };
  }

  @Endpoint(staticListQueryPreviewContract)
  staticListPreview(@Auth() auth: RequestContext, @Input() input: In<typeof staticListQueryPreviewContract>) {
    return this.audience.preview(auth, asQuery(input.query), 'person');
  }

  @Endpoint(staticListQueryInsertContract)
  async staticListInsert(
    @Auth() auth: RequestContext,
    @Input() input: In<typeof staticListQueryInsertContract>,
  ) {
    return { inserted: await this.audience.insert(auth, input.static_list_id, asQuery(input.query)) };
  }
}
