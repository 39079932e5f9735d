import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { FakeSalesforceAdmin } from './fake-salesforce-admin';
import { SalesforceBulkIngest } from './salesforce-bulk-ingest';
import { SalesforceBulkQuery } from './salesforce-bulk-query';
import { SalesforceComposite } from './salesforce-composite';
import { callKindOf, type SalesforceApiContext, type SalesforceCallKind } from './salesforce-context';
import { SalesforceDml } from './salesforce-dml';
import { json, notFound, restError, type SfRequest, type SfResponse } from './salesforce-http';
import { SalesforceOAuth } from './salesforce-oauth';
import { SalesforceQueries } from './salesforce-query';
import { SalesforceSObjects } from './salesforce-sobjects';
import { SalesforceStore } from './salesforce-store';
import { SalesforceError } from './salesforce-values';

export interface FakeSalesforceOptions {
  clientId?: string;
  clientSecret?: string;
  /** How long an access token works before calls answer 401 INVALID_SESSION_ID (default 2 hours). */
  accessTokenLifetimeMs?: number;
  /** Added before every answer, to model a real org's round trip (default 0). */
  apiLatencyMs?: number;
  /** The org's DailyApiRequests allowance (default 100,000). */
  dailyApiRequests?: number;
  queryPageSize?: number;
  bulkQueryPageSize?: number;
  organizationId?: string;
  userId?: string;
  username?: string;
}

const MAX_BODY_BYTES = 150 * 1024 * 1024;
const VERSIONS = ['58.0', '59.0', '60.0', '61.0', '62.0', '63.0', '64.0'];

/**
 * A Salesforce org on loopback for tests, spoken to with the real jsforce client: OAuth 2.0,
 * REST query/describe/sObjects/collections, Bulk API 2.0 and limits, with the org's own records.
 * One server is both the login host and the instance. Test controls live on `admin`.
 */
export class FakeSalesforce extends FakeSalesforceAdmin {
  readonly oauth: SalesforceOAuth;
  readonly calls: Record<SalesforceCallKind, number> = {
    oauth: 0,
    query: 0,
    describe: 0,
    sobject: 0,
    composite: 0,
    limits: 0,
    bulkIngest: 0,
    bulkQuery: 0,
    other: 0,
  };
  /** The latest requests (up to 10,000), oldest first: what a client actually called. */
  readonly requestLog: Array<{ method: string; path: string; kind: SalesforceCallKind; status: number }> = [];
  apiLatencyMs: number;
  readonly apiLimit: { max: number; remaining: number };
  private url = '';
  private readonly server: Server;
  private readonly context: SalesforceApiContext;
  private readonly queries: SalesforceQueries;
  private readonly sobjects: SalesforceSObjects;
  private readonly composite: SalesforceComposite;
  private readonly ingest: SalesforceBulkIngest;
  private readonly bulkQuery: SalesforceBulkQuery;

  private constructor(options: FakeSalesforceOptions) {
    const userId = options.userId ?? '0058d00000AbCdEFAA2';
    const store = new SalesforceStore(userId.slice(0, 18));
    const dml = new SalesforceDml(store);
    super(store, dml);
    this.context = {
      store,
      dml,
      settings: {
        queryPageSize: options.queryPageSize ?? 2000,
        bulkQueryPageSize: options.bulkQueryPageSize ?? 100_000,
      },
    };
    this.oauth = new SalesforceOAuth({
      clientId: options.clientId ?? 'fake-salesforce-client',
      clientSecret: options.clientSecret ?? 'fake-salesforce-secret',
      organizationId: options.organizationId ?? '00D8d000001AbCdEAK',
      userId: store.userId,
      username: options.username ?? 'integration@example.com',
      accessTokenLifetimeMs: options.accessTokenLifetimeMs ?? 2 * 60 * 60 * 1000,
      baseUrl: () => this.url,
    });
    this.apiLatencyMs = options.apiLatencyMs ?? 0;
    const max = options.dailyApiRequests ?? 100_000;
    this.apiLimit = { max, remaining: max };
    this.queries = new SalesforceQueries(this.context);
    this.sobjects = new SalesforceSObjects(this.context);
    this.composite = new SalesforceComposite(this.context);
    this.ingest = new SalesforceBulkIngest(this.context);
    this.bulkQuery = new SalesforceBulkQuery(this.context);
    this.server = createServer((req, res) => void this.serve(req, res));
    // Clients keep connections open between polls; Node's 5 s default closes them under a
    // client about to reuse one, which Salesforce's front end does not do.
    this.server.keepAliveTimeout = 120_000;
    this.server.headersTimeout = 121_000;
  }

  static async start(options: FakeSalesforceOptions = {}): Promise<FakeSalesforce> {
    const fake = new FakeSalesforce(options);
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    return fake;
  }

  /** The login URL and instance URL alike (`http://127.0.0.1:<port>`). */
  get baseUrl(): string {
    return this.url;
  }

  get clientId(): string {
    return this.oauth.settings.clientId;
  }

  get clientSecret(): string {
    return this.oauth.settings.clientSecret;
  }

  /**
   * What a user's browser does at the authorize URL: follows it and returns where the fake
   * redirects (the app's callback with `code` and `state`, or `error=access_denied`).
   */
  async approve(authorizationUrl: string): Promise<URL> {
    const response = await fetch(authorizationUrl, { redirect: 'manual' });
    const location = response.headers.get('location');
    if (response.status !== 302 || !location) {
      throw new Error(`authorize answered ${response.status}: ${await response.text()}`);
    }
    return new URL(location);
  }

  /** Every access token issued so far expires now; the next API call answers 401 INVALID_SESSION_ID. */
  expireSessions(): void {
    this.oauth.expireAccessTokens();
  }

  /** As if the user revoked the connected app: refreshing fails with invalid_grant. */
  revokeAuthorization(): void {
    this.oauth.revokeAll();
  }

  /** The next authorize request redirects back with error=access_denied. */
  denyNextAuthorization(): void {
    this.oauth.denyNextAuthorization = true;
  }

  /** Sets the daily allowance and what is left of it (all of it when not given). */
  setDailyApiRequests(max: number, remaining = max): void {
    this.apiLimit.max = max;
    this.apiLimit.remaining = remaining;
  }

  /** API calls charged to the daily allowance so far. */
  get apiRequestsUsed(): number {
    return this.apiLimit.max - this.apiLimit.remaining;
  }

  totalCalls(): number {
    return Object.values(this.calls).reduce((sum, n) => sum + n, 0);
  }

  resetCalls(): void {
    for (const kind of Object.keys(this.calls) as SalesforceCallKind[]) this.calls[kind] = 0;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let response: SfResponse;
    try {
      const body = await readBody(req);
      const url = new URL(req.url ?? '/', 'http://fake');
      const request: SfRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
      };
      this.calls[callKindOf(request.path)] += 1;
      if (this.apiLatencyMs > 0) await sleep(this.apiLatencyMs);
      response = this.route(request);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      response = restError(500, new SalesforceError('UNKNOWN_EXCEPTION', message));
    }
    this.requestLog.push({
      method: req.method ?? 'GET',
      path: (req.url ?? '/').split('?')[0]!,
      kind: callKindOf((req.url ?? '/').split('?')[0]!),
      status: response.status,
    });
    if (this.requestLog.length > 10_000) this.requestLog.shift();
    res.writeHead(response.status, response.headers ?? {});
    res.end(response.body ?? '');
  }

  private route(request: SfRequest): SfResponse {
    const { path, method } = request;
    if (path === '/services/oauth2/authorize' && method === 'GET') return this.oauth.authorize(request);
    if (path === '/services/oauth2/token' && method === 'POST') return this.oauth.token(request);
    if (path === '/services/oauth2/revoke') return this.oauth.revoke(request);
    if (/^\/id\/[^/]+\/[^/]+$/.test(path)) return this.oauth.identity(request);
    if (path === '/services/data' || path === '/services/data/') {
      return json(
        200,
        VERSIONS.map((version) => ({ label: 'Fake', url: `/services/data/v${version}`, version })),
      );
    }
    const match = /^\/services\/data\/v(\d+\.\d)(?:\/(.*))?$/.exec(path);
    if (!match) return notFound();
    if (!this.oauth.isAuthorized(request.headers.authorization)) {
      return { ...restError(401, new SalesforceError('INVALID_SESSION_ID', 'Session expired or invalid')) };
    }
    if (this.apiLimit.remaining <= 0) {
      return restError(403, new SalesforceError('REQUEST_LIMIT_EXCEEDED', 'TotalRequests Limit exceeded.'));
    }
    this.apiLimit.remaining -= 1;
    const response = this.api(request, match[1]!, (match[2] ?? '').split('/').filter(Boolean));
    response.headers = {
      ...response.headers,
      'sforce-limit-info': `api-usage=${this.apiRequestsUsed}/${this.apiLimit.max}`,
    };
    return response;
  }

  private api(request: SfRequest, version: string, segments: string[]): SfResponse {
    const [head, ...rest] = segments;
    switch (head) {
      case undefined:
        return json(200, {
          sobjects: `/services/data/v${version}/sobjects`,
          query: `/services/data/v${version}/query`,
          queryAll: `/services/data/v${version}/queryAll`,
          limits: `/services/data/v${version}/limits`,
          composite: `/services/data/v${version}/composite`,
          jobs: `/services/data/v${version}/jobs`,
        });
      case 'query':
      case 'queryAll':
        return rest.length > 1
          ? notFound()
          : this.queries.handle(request, version, head === 'queryAll', rest[0]);
      case 'sobjects':
        return this.sobjects.handle(request, version, rest);
      case 'composite':
        return this.composite.handle(request, version, rest);
      case 'limits':
        return rest.length > 0 ? notFound() : json(200, this.limits());
      case 'jobs':
        if (rest[0] === 'ingest') return this.ingest.handle(request, version, rest.slice(1));
        if (rest[0] === 'query') return this.bulkQuery.handle(request, version, rest.slice(1));
        return notFound();
      default:
        return notFound();
    }
  }

  private limits() {
    const { max, remaining } = this.apiLimit;
    return {
      DailyApiRequests: { Max: max, Remaining: remaining },
      DailyBulkApiBatches: { Max: 15000, Remaining: 15000 },
      DailyBulkV2QueryFileStorageMB: { Max: 976562, Remaining: 976562 },
      DailyBulkV2QueryJobs: { Max: 10000, Remaining: 10000 },
      DataStorageMB: { Max: 5, Remaining: 5 },
    };
  }
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) req.destroy(new Error('request body too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
