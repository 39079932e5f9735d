import { Injectable } from '@nestjs/common';
import {
  type SalesforceConnection,
  type SalesforceObjectDescribe,
  type SalesforceObjectFlags,
  type SalesforceObjectSettings,
  type SalesforcePermissions,
  type SalesforceSelectiveSync,
  checkMaxAllocated,
  salesforceMessages,
  salesforceObjectSchema,
} from '@meridian/contracts';
import { JobQueue, type RequestContext, Transactions } from '@meridian/server-kit';
import { requireConnectionAdmin } from '../../warehouse/connections/connections.errors';
import { SalesforceApiBudget } from '../session/salesforce-api-budget';
import { SalesforceSessions } from '../session/salesforce-sessions';
import { enqueueSalesforceRunNow } from '../sync/salesforce-sync.jobs';
import { CrmPushPublisher } from './crm-push-publisher';
import { InclusionListsClient } from './inclusion-lists.client';
import { PersonMappingSourcesRepository } from './person-mapping-sources.repository';
import {
  SalesforceConnectionError,
  InclusionListNotFoundError,
  SalesforceConnectionNotFoundError,
  fieldError,
  isLoginRefused,
} from './salesforce-connection.errors';
import { toSalesforceConnection } from './salesforce-connection.mapper';
import { SalesforceConnectionService } from './salesforce-connection.service';
import {
  type SalesforceConnectionChanges,
  type SalesforceConnectionRow,
  SalesforceConnectionsRepository,
} from './salesforce-connections.repository';
import { SalesforceDescriber } from './salesforce-describer';

const PLURAL = { lead: 'leads', contact: 'contacts' } as const;

/** The connection's settings, its sync switch, its describes and its API usage. */
@Injectable()
export class SalesforceSettingsService {
  constructor(
    private readonly connections: SalesforceConnectionsRepository,
    private readonly connection: SalesforceConnectionService,
    private readonly sessions: SalesforceSessions,
    private readonly describer: SalesforceDescriber,
    private readonly budget: SalesforceApiBudget,
    private readonly pushPublisher: CrmPushPublisher,
    private readonly mappings: PersonMappingSourcesRepository,
    private readonly transactions: Transactions,
    private readonly jobs: JobQueue,
    private readonly lists: InclusionListsClient,
  ) {}

  /** An admin's change; with `push`, the push feed hears of it in the same transaction. */
  private async change(
    auth: RequestContext,
    connectionId: string,
    changes: SalesforceConnectionChanges,
    push = false,
  ): Promise<SalesforceConnection> {
    requireConnectionAdmin(auth);
    const row = await this.transactions.run(async (tx) => {
      const updated = await this.connections.update(auth.organisationId, connectionId, changes, tx);
      if (updated && push) await this.pushPublisher.publish(tx, auth.organisationId, updated.id);
      if (updated && changes.next_run_now) {
        await enqueueSalesforceRunNow(this.jobs, tx, auth.organisationId, updated.id);
      }
      return updated;
    });
    if (!row) throw new SalesforceConnectionNotFoundError();
    return toSalesforceConnection(row);
  }

  /** Describes again through the stored login; a refused login is forgotten and asked for again. */
  private async describe(auth: RequestContext, row: SalesforceConnectionRow) {
    try {
      const session = await this.sessions.open(auth.organisationId, row.id);
      return await this.describer.describeAndStore(auth.organisationId, row.id, session);
    } catch (error) {
      if (!isLoginRefused(error)) throw error;
      await this.sessions.forget(auth.organisationId, row.id);
      throw new SalesforceConnectionError('SalesforceNotLoggedInException');
    }
  }

  async objects(auth: RequestContext, connectionId: string, force: boolean) {
    let row = await this.connection.row(auth, connectionId);
    let stored = await this.connections.describes(row.id);
    if (force || (stored.length === 0 && row.has_tokens)) {
      await this.describe(auth, row);
      row = await this.connection.row(auth, connectionId);
      stored = await this.connections.describes(row.id);
    }
    const byObject = new Map(stored.map((s) => [s.object, s]));
    const objects: SalesforceObjectDescribe[] = salesforceObjectSchema.options.map((object) => {
      const found = byObject.get(object);
      return {
        object,
        available: Boolean(found),
        permission: row.permissions[object] ?? 'No access to',
        fields: found?.fields ?? [],
        time_fetched: found ? new Date(found.time_fetched).toISOString() : null,
      };
    });
    const connection = toSalesforceConnection(row);
    return {
      object_settings: connection.object_settings,
      sync_settings: connection.sync_settings,
      permissions: connection.permissions,
      objects,
    };
  }

  async recheck(auth: RequestContext, connectionId: string): Promise<SalesforcePermissions> {
    const row = await this.connection.row(auth, connectionId);
    return (await this.describe(auth, row)).permissions;
  }

  updateObjects(auth: RequestContext, connectionId: string, settings: SalesforceObjectSettings) {
    return this.change(auth, connectionId, { object_settings: settings });
  }

  /** Spec 5: API allocation capped at the org's daily limit. */
  async updateAllocation(auth: RequestContext, connectionId: string, maxAllocated: number) {
    requireConnectionAdmin(auth);
    const row = await this.connection.row(auth, connectionId);
    const problem = checkMaxAllocated(maxAllocated, row.org_daily_max);
    if (problem) throw fieldError('max_allocated', problem);
    return this.change(auth, connectionId, { max_allocated: maxAllocated });
  }

  /** Spec 4: the sync starts only once a person field is mapped to this connection. */
  async start(auth: RequestContext, connectionId: string) {
    requireConnectionAdmin(auth);
    const row = await this.connection.row(auth, connectionId);
    if ((await this.mappings.salesforceFields(auth.organisationId, row.id)).length === 0) {
      throw new SalesforceConnectionError('SalesforceMappingRequiredException');
    }
    return this.switchOn(auth, connectionId);
  }

  /** Spec 4: resume goes on with a paused sync; a sync never started is started, under Start's rule. */
  async resume(auth: RequestContext, connectionId: string) {
    requireConnectionAdmin(auth);
    const row = await this.connection.row(auth, connectionId);
    if (!row.is_sync_enabled) return this.start(auth, connectionId);
    return this.switchOn(auth, connectionId);
  }

  /** Start and resume alike: the sync runs now and on its schedule; it needs a login. */
  private async switchOn(auth: RequestContext, connectionId: string) {
    requireConnectionAdmin(auth);
    const row = await this.connection.row(auth, connectionId);
    if (!row.has_tokens) throw new SalesforceConnectionError('SalesforceNotLoggedInException');
    return this.change(
      auth,
      connectionId,
      { is_sync_enabled: true, is_sync_active: true, next_run_now: true },
      true,
    );
  }

  pause(auth: RequestContext, connectionId: string) {
    return this.change(auth, connectionId, { is_sync_active: false, next_run_clear: true }, true);
  }

  async usage(auth: RequestContext, connectionId: string) {
    const row = await this.connection.row(auth, connectionId);
    const [today, queued] = await Promise.all([
      this.budget.today(auth.organisationId),
      this.connections.queued(row.id),
    ]);
    return {
      count: today.calls,
      max_allocated: row.max_allocated,
      org_daily_max: row.org_daily_max,
      deferred_calls: today.deferred_calls,
      queued,
    };
  }

  /** The list must be one of the caller's organisation: another's id is a 404, never stored. */
  async setInclusionList(
    auth: RequestContext,
    bearer: string,
    connectionId: string,
    list: { list_id: string; list_type: 'static' | 'dynamic' } | null,
  ) {
    requireConnectionAdmin(auth);
    if (list) {
      await this.connection.row(auth, connectionId);
      if (!(await this.lists.exists(bearer, list))) throw new InclusionListNotFoundError();
    }
    return this.change(auth, connectionId, { inclusion_list: list }, true);
  }

  removeInclusionList(auth: RequestContext, connectionId: string) {
    return this.change(auth, connectionId, { inclusion_list: null }, true);
  }

  /** The field of an active entry must be a boolean field of that object as last described. */
  async updateSelective(auth: RequestContext, connectionId: string, selective: SalesforceSelectiveSync) {
    requireConnectionAdmin(auth);
    const row = await this.connection.row(auth, connectionId);
    const stored = new Map((await this.connections.describes(row.id)).map((d) => [d.object, d.fields]));
    for (const object of ['lead', 'contact'] as const) {
      const entry = selective[object];
      if (!entry.active) continue;
      const field = stored.get(object)?.find((f) => f.name.toLowerCase() === entry.field?.toLowerCase());
      if (!field || field.type !== 'boolean') {
        throw fieldError(
          `selective_sync.${object}.field`,
          salesforceMessages.selectiveFieldInvalid(PLURAL[object]),
        );
      }
      entry.field = field.name;
    }
    return this.change(auth, connectionId, { selective_sync: selective });
  }

  setFlag(
    auth: RequestContext,
    connectionId: string,
    column: 'salesforce_record_create' | 'salesforce_record_delete',
    value: boolean,
  ) {
    return this.change(auth, connectionId, { [column]: value });
  }

  /** Spec 5: creating persons from an object needs that object's sync on. */
  async updateRecordsCreate(auth: RequestContext, connectionId: string, flags: SalesforceObjectFlags) {
    requireConnectionAdmin(auth);
    const row = await this.connection.row(auth, connectionId);
    for (const object of ['lead', 'contact'] as const) {
      if (flags[object] && !row.object_settings[object]) {
        throw fieldError(`object_create.${object}`, salesforceMessages.createNeedsObject(PLURAL[object]));
      }
    }
    return this.change(auth, connectionId, { records_create_settings: flags });
  }

  updateRecordsDelete(auth: RequestContext, connectionId: string, flags: SalesforceObjectFlags) {
    return this.change(auth, connectionId, { records_delete_settings: flags });
  }
}
