import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, CredentialsCipher } from '@meridian/server-kit';
import { Connection, OAuth2 } from 'jsforce';
import type { IntegrationsConfig } from '../../../config';
import { SalesforceTokensRepository } from './salesforce-tokens.repository';

/** What a Salesforce login leaves: sealed as JSON, bound to its organisation and connection. */
export interface SalesforceTokens {
  access_token: string;
  refresh_token: string | null;
}

/** The connection has no usable login (never completed, or Salesforce refused the refresh). */
export class SalesforceNotLoggedInError extends Error {
  constructor() {
    super('Salesforce is not connected: log in to Salesforce again');
  }
}

const context = (organisationId: string, connectionId: string) =>
  `salesforce:${organisationId}:${connectionId}`;

/**
 * The one way to a connection's Salesforce org: a jsforce Connection built from the stored login.
 * jsforce refreshes an expired access token by itself; the new token is sealed and stored at once,
 * so every later session starts from it.
 */
@Injectable()
export class SalesforceSessions {
  constructor(
    @Inject(CONFIG) private readonly config: IntegrationsConfig,
    private readonly cipher: CredentialsCipher,
    private readonly tokens: SalesforceTokensRepository,
  ) {}

  /** The connected app, for the OAuth web-server flow; null when none is configured. */
  oauth2(): OAuth2 | null {
    if (!this.config.SALESFORCE_CLIENT_ID || !this.config.SALESFORCE_CLIENT_SECRET) return null;
    return new OAuth2({
      loginUrl: this.config.SALESFORCE_LOGIN_URL,
      clientId: this.config.SALESFORCE_CLIENT_ID,
      clientSecret: this.config.SALESFORCE_CLIENT_SECRET,
      redirectUri: `${this.config.PUBLIC_BASE_URL}/salesforce/oauth.complete`,
    });
  }

  get apiVersion(): string {
    return this.config.SALESFORCE_API_VERSION;
  }

  async open(organisationId: string, connectionId: string): Promise<Connection> {
    const stored = await this.tokens.find(organisationId, connectionId);
    const oauth2 = this.oauth2();
    if (!stored?.tokens_sealed || !stored.instance_url || !oauth2) throw new SalesforceNotLoggedInError();
    const login = JSON.parse(
      this.cipher.open(stored.tokens_sealed, context(organisationId, connectionId)),
    ) as SalesforceTokens;
    const connection = new Connection({
      oauth2,
      instanceUrl: stored.instance_url,
      accessToken: login.access_token,
      refreshToken: login.refresh_token ?? undefined,
      version: this.apiVersion,
    });
    const instanceUrl = stored.instance_url;
    connection.on('refresh', (accessToken: string) => {
      void this.store(organisationId, connectionId, {
        tokens: { access_token: accessToken, refresh_token: login.refresh_token },
        instanceUrl,
      });
    });
    return connection;
  }

  /** Seals and stores a login (after the OAuth code exchange or a refresh). */
  async store(
    organisationId: string,
    connectionId: string,
    login: {
      tokens: SalesforceTokens;
      instanceUrl: string;
      sfOrganizationId?: string | null;
      sfUserId?: string | null;
    },
  ): Promise<void> {
    await this.tokens.save(organisationId, connectionId, {
      tokensSealed: this.cipher.seal(JSON.stringify(login.tokens), context(organisationId, connectionId)),
      instanceUrl: login.instanceUrl,
      sfOrganizationId: login.sfOrganizationId,
      sfUserId: login.sfUserId,
    });
  }

  async forget(organisationId: string, connectionId: string): Promise<void> {
    await this.tokens.forget(organisationId, connectionId);
  }
}
