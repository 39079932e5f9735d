import { Inject, Injectable } from '@nestjs/common';
import type { SalesforceConnection } from '@meridian/contracts';
import { LOGGER, type RequestContext, Transactions, isUniqueViolation } from '@meridian/server-kit';
import type { Logger } from 'pino';
import { requireConnectionAdmin } from '../../warehouse/connections/connections.errors';
import { SalesforceSessions } from '../session/salesforce-sessions';
import { CrmPushPublisher } from './crm-push-publisher';
import { PersonMappingSourcesRepository } from './person-mapping-sources.repository';
import { SalesforceConnectionError, SalesforceConnectionNotFoundError } from './salesforce-connection.errors';
import { toSalesforceConnection } from './salesforce-connection.mapper';
import {
  type SalesforceConnectionRow,
  SalesforceConnectionsRepository,
} from './salesforce-connections.repository';

/** Creating, reading and disconnecting the organisation's one Salesforce connection. */
@Injectable()
export class SalesforceConnectionService {
  constructor(
    private readonly connections: SalesforceConnectionsRepository,
    private readonly mappings: PersonMappingSourcesRepository,
    private readonly sessions: SalesforceSessions,
    private readonly pushPublisher: CrmPushPublisher,
    private readonly transactions: Transactions,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The connection or a 404 (another organisation's id, a deleted one, a malformed one). */
  async row(auth: RequestContext, connectionId: string): Promise<SalesforceConnectionRow> {
    const row = await this.connections.one(auth.organisationId, connectionId);
    if (!row) throw new SalesforceConnectionNotFoundError();
    return row;
  }

  async create(auth: RequestContext, name: string): Promise<SalesforceConnection> {
    requireConnectionAdmin(auth);
    if (!this.sessions.oauth2()) throw new SalesforceConnectionError('SalesforceNotConfiguredException');
    try {
      return toSalesforceConnection(await this.connections.create(auth.organisationId, name, auth.accountId));
    } catch (error) {
      if (isUniqueViolation(error, 'salesforce_connections_one_per_org')) {
        throw new SalesforceConnectionError('SalesforceConnectionExistsException');
      }
      throw error;
    }
  }

  async get(
    auth: RequestContext,
    connectionId: string | null | undefined,
  ): Promise<SalesforceConnection | null> {
    if (connectionId) return toSalesforceConnection(await this.row(auth, connectionId));
    const row = await this.connections.ofOrganisation(auth.organisationId);
    return row ? toSalesforceConnection(row) : null;
  }

  /**
   * Disconnect: the login is revoked at Salesforce when it can be (a failure there must not keep
   * the connection), then in one transaction the connection is removed, it stops being a source
   * of the mapping, and the push feed is told to stop.
   */
  async delete(auth: RequestContext, connectionId: string): Promise<void> {
    requireConnectionAdmin(auth);
    const row = await this.row(auth, connectionId);
    if (row.has_tokens) await this.revoke(auth.organisationId, row.id);
    await this.transactions.run(async (tx) => {
      if (!(await this.connections.softDelete(tx, auth.organisationId, row.id))) {
        throw new SalesforceConnectionNotFoundError();
      }
      await this.mappings.removeConnection(tx, auth.organisationId, row.id);
      await this.pushPublisher.publish(tx, auth.organisationId, row.id);
    });
  }

  private async revoke(organisationId: string, connectionId: string): Promise<void> {
    try {
      const session = await this.sessions.open(organisationId, connectionId);
      const token = session.refreshToken ?? session.accessToken;
      if (token) await session.oauth2.revokeToken(token);
    } catch (error) {
      // Best effort: the token may already be revoked or Salesforce unreachable. No token is logged.
      this.logger.warn(
        { connectionId, reason: error instanceof Error ? error.name : 'unknown' },
        'Salesforce token revocation failed',
      );
    }
  }
}
