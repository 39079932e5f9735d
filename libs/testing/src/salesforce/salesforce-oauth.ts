import { createHash, createHmac, randomBytes } from 'node:crypto';
import { json, type SfRequest, type SfResponse } from './salesforce-http';

export interface OAuthSettings {
  clientId: string;
  clientSecret: string;
  organizationId: string;
  userId: string;
  username: string;
  accessTokenLifetimeMs: number;
  /** Where tokens say the org lives (`instance_url`) and identity URLs point. */
  baseUrl: () => string;
}

interface AccessToken {
  expiresAt: number;
  refreshToken: string | null;
}

const oauthError = (error: string, description: string, status = 400): SfResponse =>
  json(status, { error, error_description: description });

const redirectTo = (location: string): SfResponse => ({ status: 302, headers: { location }, body: '' });

const base64Url = (data: Buffer) =>
  data.toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/**
 * The org's OAuth 2.0 server: web-server flow (authorization code, optional PKCE), refresh
 * tokens, revocation, and the bearer check every API call goes through.
 */
export class SalesforceOAuth {
  private readonly codes = new Map<string, { redirectUri: string; challenge: string | null }>();
  private readonly refreshTokens = new Set<string>();
  private readonly accessTokens = new Map<string, AccessToken>();
  /** Set by a test: the next authorize request is answered as if the user clicked Deny. */
  denyNextAuthorization = false;

  constructor(readonly settings: OAuthSettings) {}

  authorize(request: SfRequest): SfResponse {
    const q = request.query;
    if (q.get('client_id') !== this.settings.clientId) {
      return { status: 400, headers: { 'content-type': 'text/plain' }, body: 'error=invalid_client_id' };
    }
    const redirectUri = q.get('redirect_uri');
    if (!redirectUri || q.get('response_type') !== 'code') {
      return { status: 400, headers: { 'content-type': 'text/plain' }, body: 'error=invalid_request' };
    }
    const target = new URL(redirectUri);
    const state = q.get('state');
    if (state !== null) target.searchParams.set('state', state);
    if (this.denyNextAuthorization) {
      this.denyNextAuthorization = false;
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_description', 'end-user denied authorization');
      return redirectTo(target.toString());
    }
    const code = `aPrx${base64Url(randomBytes(24))}`;
    this.codes.set(code, { redirectUri, challenge: q.get('code_challenge') });
    target.searchParams.set('code', code);
    return redirectTo(target.toString());
  }

  token(request: SfRequest): SfResponse {
    const form = new URLSearchParams(request.body.toString('utf8'));
    const grant = form.get('grant_type');
    if (form.get('client_id') !== this.settings.clientId) {
      return oauthError('invalid_client_id', 'client identifier invalid');
    }
    const secret = form.get('client_secret');
    if (secret !== null && secret !== this.settings.clientSecret) {
      return oauthError('invalid_client', 'invalid client credentials');
    }
    if (grant === 'authorization_code') {
      const code = form.get('code') ?? '';
      const issued = this.codes.get(code);
      this.codes.delete(code);
      if (!issued || issued.redirectUri !== form.get('redirect_uri')) {
        return oauthError('invalid_grant', 'authentication failure');
      }
      if (issued.challenge) {
        const verifier = form.get('code_verifier');
        if (!verifier) return oauthError('invalid_grant', 'invalid code verifier');
        if (base64Url(createHash('sha256').update(verifier).digest()) !== issued.challenge) {
          return oauthError('invalid_request', 'invalid code verifier');
        }
      }
      if (secret === null) return oauthError('invalid_client', 'invalid client credentials');
      const refreshToken = `5Aep${base64Url(randomBytes(32))}`;
      this.refreshTokens.add(refreshToken);
      return json(200, { ...this.issue(refreshToken), refresh_token: refreshToken });
    }
    if (grant === 'refresh_token') {
      const refreshToken = form.get('refresh_token') ?? '';
      if (!this.refreshTokens.has(refreshToken))
        return oauthError('invalid_grant', 'expired access/refresh token');
      return json(200, this.issue(refreshToken));
    }
    return oauthError('unsupported_grant_type', 'grant type not supported');
  }

  private issue(refreshToken: string) {
    const { organizationId, userId, accessTokenLifetimeMs, clientSecret } = this.settings;
    const accessToken = `${organizationId.slice(0, 15)}!${base64Url(randomBytes(48))}`;
    this.accessTokens.set(accessToken, { expiresAt: Date.now() + accessTokenLifetimeMs, refreshToken });
    const id = `${this.settings.baseUrl()}/id/${organizationId}/${userId}`;
    const issuedAt = String(Date.now());
    return {
      access_token: accessToken,
      signature: createHmac('sha256', clientSecret)
        .update(id + issuedAt)
        .digest('base64'),
      scope: 'refresh_token api',
      instance_url: this.settings.baseUrl(),
      id,
      token_type: 'Bearer',
      issued_at: issuedAt,
    };
  }

  /** Revokes an access token, or a refresh token together with the access tokens it issued. */
  revoke(request: SfRequest): SfResponse {
    const token =
      new URLSearchParams(request.body.toString('utf8')).get('token') ?? request.query.get('token');
    if (token && this.refreshTokens.delete(token)) {
      for (const [access, info] of this.accessTokens)
        if (info.refreshToken === token) this.accessTokens.delete(access);
      return { status: 200, body: '' };
    }
    if (token && this.accessTokens.delete(token)) return { status: 200, body: '' };
    return {
      status: 400,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'error=unsupported_token_type&error_description=this+token+type+is+not+supported',
    };
  }

  /** True when the Authorization header carries a live access token. */
  isAuthorized(authorization: string | undefined): boolean {
    const match = /^(?:Bearer|OAuth)\s+(.+)$/i.exec(authorization ?? '');
    const token = match ? this.accessTokens.get(match[1]!) : undefined;
    return Boolean(token && token.expiresAt > Date.now());
  }

  identity(request: SfRequest): SfResponse {
    if (!this.isAuthorized(request.headers.authorization)) return oauthError('Bad_OAuth_Token', '', 403);
    const { organizationId, userId, username } = this.settings;
    return json(200, {
      id: `${this.settings.baseUrl()}/id/${organizationId}/${userId}`,
      user_id: userId,
      organization_id: organizationId,
      username,
      email: username,
      display_name: 'Integration User',
      active: true,
      user_type: 'STANDARD',
    });
  }

  /** Every access token issued so far stops working; refresh tokens still do. */
  expireAccessTokens(): void {
    for (const token of this.accessTokens.values()) token.expiresAt = 0;
  }

  /** As if the user revoked the app: no token, access or refresh, works any more. */
  revokeAll(): void {
    this.refreshTokens.clear();
    this.accessTokens.clear();
  }

  setAccessTokenLifetime(ms: number): void {
    this.settings.accessTokenLifetimeMs = ms;
  }
}
