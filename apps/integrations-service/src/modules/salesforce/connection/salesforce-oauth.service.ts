import { randomBytes, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { SalesforceConnection } from '@meridian/contracts';
import type { RequestContext } from '@meridian/server-kit';
import { Connection } from 'jsforce';
import { requireConnectionAdmin } from '../../warehouse/connections/connections.errors';
import { SalesforceApiBudget } from '../session/salesforce-api-budget';
import { SalesforceSessions } from '../session/salesforce-sessions';
import { SalesforceConnectionError, salesforceMessage } from './salesforce-connection.errors';
import { toSalesforceConnection } from './salesforce-connection.mapper';
import { SalesforceConnectionService } from './salesforce-connection.service';
import { SalesforceConnectionsRepository } from './salesforce-connections.repository';
import { SalesforceDescriber } from './salesforce-describer';

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * The OAuth 2.0 web-server flow against the deployment's connected app: the authorize URL with a
 * one-time state, then the code exchange, after which the org's limits and describes are read.
 */
@Injectable()
export class SalesforceOAuthService {
  constructor(
    private readonly connections: SalesforceConnectionsRepository,
    private readonly connection: SalesforceConnectionService,
    private readonly sessions: SalesforceSessions,
    private readonly describer: SalesforceDescriber,
    private readonly budget: SalesforceApiBudget,
  ) {}

  private oauth2() {
    const oauth2 = this.sessions.oauth2();
    if (!oauth2) throw new SalesforceConnectionError('SalesforceNotConfiguredException');
    return oauth2;
  }

  async url(auth: RequestContext, connectionId: string): Promise<string> {
    requireConnectionAdmin(auth);
    const row = await this.connection.row(auth, connectionId);
    const oauth2 = this.oauth2();
    // The return must carry this value back (CSRF check of the login), and only this login's.
    const state = randomBytes(24).toString('base64url');
    await this.connections.update(auth.organisationId, row.id, { oauth_state: state });
    // prompt=login: a reconnect may be made as another Salesforce user than the remembered one.
    return oauth2.getAuthorizationUrl({ state, prompt: 'login', scope: 'api refresh_token' });
  }

  async login(
    auth: RequestContext,
    input: { connection_id: string; code: string; state: string },
  ): Promise<SalesforceConnection> {
    requireConnectionAdmin(auth);
    const row = await this.connection.row(auth, input.connection_id);
    if (!row.oauth_state || !sameText(row.oauth_state, input.state)) {
      throw new SalesforceConnectionError('SalesforceOAuthStateException');
    }
    const session = new Connection({ oauth2: this.oauth2(), version: this.sessions.apiVersion });
    let user: { id: string; organizationId: string };
    try {
      user = await session.authorize(input.code);
    } catch (error) {
      throw new SalesforceConnectionError('SalesforceLoginFailedException', salesforceMessage(error));
    }
    if (row.sf_organization_id && row.sf_organization_id !== user.organizationId) {
      // Records, cursors and errors belong to the first org; mixing two would corrupt them.
      throw new SalesforceConnectionError(
        'SalesforceLoginFailedException',
        'This connection belongs to another Salesforce org: disconnect it to connect a different one',
      );
    }
    await this.sessions.store(auth.organisationId, row.id, {
      tokens: { access_token: session.accessToken ?? '', refresh_token: session.refreshToken ?? null },
      instanceUrl: session.instanceUrl,
      sfOrganizationId: user.organizationId,
      sfUserId: user.id,
    });
    let orgDailyMax: number | null;
    try {
      const limits = await session.limits();
      orgDailyMax = limits.DailyApiRequests?.Max ?? null;
    } catch (error) {
      throw new SalesforceConnectionError('SalesforceApiException', salesforceMessage(error));
    } finally {
      await this.budget.spent(auth.organisationId, 1);
    }
    await this.connections.recordLogin(auth.organisationId, row.id, orgDailyMax);
    await this.describer.describeAndStore(auth.organisationId, row.id, session);
    return toSalesforceConnection(await this.connection.row(auth, row.id));
  }
}
