import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeSalesforce } from '../../libs/testing/src/salesforce';

/**
 * The Salesforce org of the browser tier: the fake from libs/testing on loopback, started by
 * e2e/run.mjs before the platform, plus a loopback admin API through which the tests (another
 * process) seed and read its records. Test-only: nothing of the product knows of it.
 */
export interface SalesforcePeer {
  /** The login and instance URL (SALESFORCE_LOGIN_URL of the platform). */
  url: string;
  /** The admin API's base URL (E2E_SALESFORCE_ADMIN_URL of the tests). */
  adminUrl: string;
  clientId: string;
  clientSecret: string;
  stop(): Promise<void>;
}

/** A validation rule as it travels over HTTP: records whose `field` equals `equals` are rejected. */
interface WireValidationRule {
  object: string;
  message: string;
  field: string;
  equals: unknown;
}

type Handler = (fake: FakeSalesforce, args: unknown[]) => unknown;

/* The admin methods a test may call, by name, with JSON arguments in the method's own order. */
const HANDLERS: Record<string, Handler> = {
  seed: (fake, [object, rows]) => fake.seed(object as string, rows as Array<Record<string, unknown>>),
  records: (fake, [object, options]) =>
    fake.records(object as string, (options ?? {}) as { includeDeleted?: boolean }),
  record: (fake, [object, id]) => fake.record(object as string, id as string) ?? null,
  find: (fake, [object, field, value]) => fake.find(object as string, field as string, value),
  count: (fake, [object]) => fake.count(object as string),
  edit: (fake, [object, id, changes]) =>
    fake.edit(object as string, id as string, changes as Record<string, unknown>),
  remove: (fake, [object, id]) => fake.remove(object as string, id as string),
  addField: (fake, [object, input]) =>
    fake.addField(object as string, input as Parameters<FakeSalesforce['addField']>[1]),
  setFieldAccess: (fake, [object, field, access]) =>
    fake.setFieldAccess(
      object as string,
      field as string,
      access as { readable?: boolean; editable?: boolean },
    ),
  addValidationRule: (fake, [rule]) => {
    const wire = rule as WireValidationRule;
    fake.addValidationRule({
      object: wire.object,
      message: wire.message,
      field: wire.field,
      rejects: (record) => record[wire.field] === wire.equals,
    });
  },
  setDuplicateRule: (fake, [object, fields]) => fake.setDuplicateRule(object as string, fields as string[]),
  clearRules: (fake) => fake.clearRules(),
  lockRecords: (fake, [ids]) => fake.lockRecords(ids as string[]),
  unlockRecords: (fake, [ids]) => fake.unlockRecords(ids as string[] | undefined),
  calls: (fake) => ({ ...fake.calls }),
  totalCalls: (fake) => fake.totalCalls(),
  resetCalls: (fake) => fake.resetCalls(),
  requestLog: (fake) => fake.requestLog.slice(-1000),
  apiLimit: (fake) => ({ ...fake.apiLimit }),
  setDailyApiRequests: (fake, [max, remaining]) =>
    fake.setDailyApiRequests(max as number, remaining as number | undefined),
  setApiLatency: (fake, [ms]) => {
    fake.apiLatencyMs = ms as number;
  },
  expireSessions: (fake) => fake.expireSessions(),
  revokeAuthorization: (fake) => fake.revokeAuthorization(),
  denyNextAuthorization: (fake) => fake.denyNextAuthorization(),
};

export async function startSalesforcePeer(): Promise<SalesforcePeer> {
  const fake = await FakeSalesforce.start({ clientId: 'meridian-e2e', clientSecret: `e2e-${process.pid}` });
  const admin = createServer((req, res) => void serveAdmin(fake, req, res));
  await new Promise<void>((resolve) => admin.listen(0, '127.0.0.1', resolve));
  return {
    url: fake.baseUrl,
    adminUrl: `http://127.0.0.1:${(admin.address() as AddressInfo).port}`,
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    async stop() {
      await close(admin);
      await fake.stop();
    },
  };
}

/** POST /admin/<method> with a JSON array of arguments; answers {result} or {error}. */
async function serveAdmin(fake: FakeSalesforce, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const method = /^\/admin\/(\w+)$/.exec(req.url ?? '')?.[1];
  const handler = method ? HANDLERS[method] : undefined;
  if (req.method !== 'POST' || !handler) return send(res, 404, { error: `no admin call ${req.url ?? ''}` });
  try {
    const text = await readText(req);
    const args: unknown = text ? JSON.parse(text) : [];
    if (!Array.isArray(args)) return send(res, 400, { error: 'the body is a JSON array of arguments' });
    send(res, 200, { result: handler(fake, args) ?? null });
  } catch (error) {
    send(res, 400, { error: error instanceof Error ? error.message : String(error) });
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
