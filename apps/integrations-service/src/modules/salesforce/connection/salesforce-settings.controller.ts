import { Controller } from '@nestjs/common';
import {
  type ParsedRequestOf,
  salesforceInclusionRemoveContract,
  salesforceInclusionUpdateContract,
  salesforceObjectsGetContract,
  salesforceObjectsUpdateContract,
  salesforcePermissionsRecheckContract,
  salesforceRecordsCreateUpdateContract,
  salesforceRecordsDeleteUpdateContract,
  salesforceSelectiveUpdateContract,
  salesforceSfRecordsCreateUpdateContract,
  salesforceSfRecordsDeleteUpdateContract,
  salesforceSyncPauseContract,
  salesforceSyncResumeContract,
  salesforceSyncSettingsUpdateContract,
  salesforceSyncStartContract,
  salesforceUsageCountContract,
} from '@meridian/contracts';
import { Auth, Endpoint, Input, type RequestContext } from '@meridian/server-kit';
import { SalesforceSettingsService } from './salesforce-settings.service';
import { BearerToken } from '../mapping/bearer-token.decorator';

type In<E extends Parameters<typeof Endpoint>[0]> = ParsedRequestOf<E>;

/** Spec 7 Salesforce: objects, allocation, permissions, the sync switch, usage and settings/*. */
@Controller()
export class SalesforceSettingsController {
  constructor(private readonly settings: SalesforceSettingsService) {}

  @Endpoint(salesforceObjectsGetContract)
  objects(@Auth() auth: RequestContext, @Input() input: In<typeof salesforceObjectsGetContract>) {
    return this.settings.objects(auth, input.connection_id, input.force);
  }

  @Endpoint(salesforceObjectsUpdateContract)
  async updateObjects(
    @Auth() auth: RequestContext,
    @Input() input: In<typeof salesforceObjectsUpdateContract>,
  ) {
    return {
      connection: await this.settings.updateObjects(auth, input.connection_id, input.object_settings),
    };
  }

  @Endpoint(salesforceSyncSettingsUpdateContract)
  async updateAllocation(
    @Auth() auth: RequestContext,
    @Input() input: In<typeof salesforceSyncSettingsUpdateContract>,
  ) {
    return {
      connection: await this.settings.updateAllocation(auth, input.connection_id, input.max_allocated),
    };
  }

  @Endpoint(salesforcePermissionsRecheckContract)
  async recheck(
    @Auth() auth: RequestContext,
    @Input() input: In<typeof salesforcePermissionsRecheckContract>,
  ) {
    return { permissions: await this.settings.recheck(auth, input.connection_id) };
  }

  @Endpoint(salesforceSyncStartContract)
  async start(@Auth() auth: RequestContext, @Input() input: In<typeof salesforceSyncStartContract>) {
    return { connection: await this.settings.start(auth, input.connection_id) };
  }

  @Endpoint(salesforceSyncPauseContract)
  async pause(@Auth() auth: RequestContext, @Input() input: In<typeof salesforceSyncPauseContract>) {
    return { connection: await this.settings.pause(auth, input.connection_id) };
  }

  @Endpoint(salesforceSyncResumeContract)
  async resume(@Auth() auth: RequestContext, @Input() input: In<typeof salesforceSyncResumeContract>) {
    return { connection: await this.settings.resume(auth, input.connection_id) };
  }

  @Endpoint(salesforceUsageCountContract)
  usage(@Auth() auth: RequestContext, @Input() input: In<typeof salesforceUsageCountContract>) {
    return this.settings.usage(auth, input.connection_id);
  }

  @Endpoint(salesforceInclusionUpdateContract)
  async inclusion(
    @Auth() auth: RequestContext,
    @BearerToken() bearer: string,
    @Input() input: In<typeof salesforceInclusionUpdateContract>,
  ) {
    return {
      connection: await this.settings.setInclusionList(
        auth,
        bearer,
        input.connection_id,
        input.inclusion_list,
      ),
    };
  }

  @Endpoint(salesforceInclusionRemoveContract)
  async removeInclusion(
    @Auth() auth: RequestContext,
    @Input() input: In<typeof salesforceInclusionRemoveContract>,
  ) {
    return { connection: await this.settings.removeInclusionList(auth, input.connection_id) };
  }

  @Endpoint(salesforceSelectiveUpdateContract)
  async selective(
    @Auth() auth: RequestContext,
    @Input() input: In<typeof salesforceSelectiveUpdateContract>,
  ) {
    return {
      connection: await this.settings.updateSelective(auth, input.connection_id, input.selective_sync),
    };
  }

  @Endpoint(salesforceSfRecordsCreateUpdateContract)
  async sfCreate(
    @Auth() auth: RequestContext,
    @Input() input: In<typeof salesforceSfRecordsCreateUpdateContract>,
  ) {
    const { connection_id: id, value } = input;
    return { connection: await this.settings.setFlag(auth, id, 'salesforce_record_create', value) };
  }

  @Endpoint(salesforceSfRecordsDeleteUpdateContract)
  async sfDelete(
    @Auth() auth: RequestContext,
    @Input() input: In<typeof salesforceSfRecordsDeleteUpdateContract>,
  ) {
    const { connection_id: id, value } = input;
    return { connection: await this.settings.setFlag(auth, id, 'salesforce_record_delete', value) };
  }

  @Endpoint(salesforceRecordsCreateUpdateContract)
  async recordsCreate(
    @Auth() auth: RequestContext,
    @Input() input: In<typeof salesforceRecordsCreateUpdateContract>,
  ) {
    return {
      connection: await this.settings.updateRecordsCreate(auth, input.connection_id, input.object_create),
    };
  }

  @Endpoint(salesforceRecordsDeleteUpdateContract)
  async recordsDelete(
    @Auth() auth: RequestContext,
    @Input() input: In<typeof salesforceRecordsDeleteUpdateContract>,
  ) {
    return {
      connection: await this.settings.updateRecordsDelete(auth, input.connection_id, input.object_delete),
    };
  }
}
