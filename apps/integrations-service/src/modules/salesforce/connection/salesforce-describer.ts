import { Injectable } from '@nestjs/common';
import {
  SALESFORCE_OBJECT_NAMES,
  type SalesforceField,
  type SalesforceObject,
  type SalesforcePermissions,
  salesforceObjectSchema,
} from '@meridian/contracts';
import { Transactions } from '@meridian/server-kit';
import type { Connection } from 'jsforce';
import { SalesforceApiBudget } from '../session/salesforce-api-budget';
import { PersonMappingSourcesRepository } from './person-mapping-sources.repository';
import {
  SalesforceConnectionError,
  isLoginRefused,
  salesforceErrorCode,
  salesforceMessage,
} from './salesforce-connection.errors';
import { SalesforceConnectionsRepository } from './salesforce-connections.repository';
import { neededFields, objectPermission, type SObjectDescribe, storedFields } from './salesforce-permissions';

export interface DescribedObject {
  object: SalesforceObject;
  /** Null when the org has no such object or the user cannot see it. */
  describe: SObjectDescribe | null;
  fields: SalesforceField[] | null;
}

/** Codes Salesforce answers a describe of an object the user cannot see (or the org lacks) with. */
const ABSENT = new Set(['NOT_FOUND', 'INVALID_TYPE', 'ERROR_HTTP_404']);

/**
 * Reads what the integration user can do: a describe of each object (one API call each, recorded
 * on the budget), stored with the per-object permissions summary in one transaction.
 */
@Injectable()
export class SalesforceDescriber {
  constructor(
    private readonly connections: SalesforceConnectionsRepository,
    private readonly mappings: PersonMappingSourcesRepository,
    private readonly budget: SalesforceApiBudget,
    private readonly transactions: Transactions,
  ) {}

  async describeAndStore(
    organisationId: string,
    connectionId: string,
    session: Connection,
  ): Promise<{ permissions: SalesforcePermissions; objects: DescribedObject[] }> {
    const objects = salesforceObjectSchema.options;
    const settled = await Promise.allSettled(
      objects.map((object) => session.describe(SALESFORCE_OBJECT_NAMES[object])),
    );
    // Every describe drew on the org's API limit, answered or not.
    await this.budget.spent(organisationId, objects.length);
    const described: DescribedObject[] = objects.map((object, i) => {
      const result = settled[i]!;
      if (result.status === 'fulfilled') {
        const describe = result.value as unknown as SObjectDescribe;
        return { object, describe, fields: storedFields(describe) };
      }
      if (ABSENT.has(salesforceErrorCode(result.reason) ?? ''))
        return { object, describe: null, fields: null };
      if (isLoginRefused(result.reason)) throw result.reason;
      throw new SalesforceConnectionError('SalesforceApiException', salesforceMessage(result.reason));
    });
    const mapped = await this.mappings.salesforceFields(organisationId, connectionId);
    const permissions: SalesforcePermissions = {};
    for (const { object, describe } of described) {
      const needed =
        object === 'lead' || object === 'contact' ? neededFields(object, mapped) : { read: [], write: [] };
      permissions[object] = objectPermission(describe, needed);
    }
    await this.transactions.run((tx) =>
      this.connections.saveDescribe(tx, connectionId, described, permissions),
    );
    return { permissions, objects: described };
  }
}
