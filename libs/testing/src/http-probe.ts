import {
  type Endpoint,
  type ErrorBody,
  errorBodySchema,
  MAX_PATH_PARAM_LENGTH,
  type ServiceName,
} from '@meridian/contracts';
import { endpointsOf } from '@meridian/server-kit';
import { connect } from 'node:net';
import { z } from 'zod';
import { createTestDatabase, type TestDatabase } from './test-database';

// The one walk over the contracts' exports (also what each service's OpenAPI document lists).
export { endpointsOf };

export interface ProbeAnswer {
  probe: string;
  endpoint: string;
  status: number;
  body: unknown;
}

const NUL_TEXT = 'probe\u0000text';
/** Half of a surrogate pair: JSON.stringify writes it as the escape `\ud800`, which jsonb refuses. */
const HALF_PAIR_TEXT = 'probe\ud800text';
/** Just over the services' 10 MB body limit. */
const OVERSIZED = Buffer.alloc(10 * 1024 * 1024 + 1024, 'a');
OVERSIZED.write('{"probe":"', 0);

/** The top-level keys of a request schema (one made up when it has none). */
function requestKeys(endpoint: Endpoint): string[] {
  const shape = (endpoint.request as unknown as { shape?: Record<string, unknown> }).shape;
  const keys = shape ? Object.keys(shape) : [];
  return keys.length > 0 ? keys : ['probe'];
}

function pathOf(endpoint: Endpoint, param: string): string {
  return endpoint.fullPath.replace(/:[A-Za-z_]+/g, param);
}

interface Probe {
  name: string;
  methods: Endpoint['method'][];
  /** The status the refusal must have; undefined: any status under 500. */
  expect?: number;
  applies?: (endpoint: Endpoint) => boolean;
  /** What the error body must also say. */
  check?: (body: ErrorBody) => boolean;
  request(endpoint: Endpoint): { path: string; init: RequestInit };
}

const namesNul = (body: ErrorBody) =>
  Object.values(body.fields).some((messages) =>
    messages.some((m) => m.includes('must not contain a NUL character')),
  );

const namesHalfPair = (body: ErrorBody) =>
  Object.values(body.fields).some((messages) =>
    messages.some((m) => m.includes('must be valid Unicode text')),
  );

const json = { 'content-type': 'application/json' };

/** A POST with `value` as the value of every top-level key of the endpoint's request. */
const textInEveryKey = (value: unknown) => (e: Endpoint) => ({
  path: pathOf(e, 'probe'),
  init: {
    method: 'POST',
    headers: json,
    body: JSON.stringify(Object.fromEntries(requestKeys(e).map((k) => [k, value]))),
  },
});

/** `leaf` inside `depth` objects: free-form JSON (a template's design) is stored whole, however deep. */
function nestedIn(depth: number, leaf: unknown): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = { probe: value };
  return value;
}

export const PROBES: Probe[] = [
  {
    name: 'NUL in every string',
    methods: ['POST'],
    expect: 400,
    check: namesNul,
    request: textInEveryKey(NUL_TEXT),
  },
  {
    name: 'half of a surrogate pair in every string',
    methods: ['POST'],
    expect: 400,
    check: namesHalfPair,
    request: textInEveryKey(HALF_PAIR_TEXT),
  },
  // Found by a hostile-input walk: the check stopped looking 64 levels down, so a NUL deeper in a
  // template's design reached jsonb (a 500), and in a Segment call stopped its relay for everyone.
  {
    name: 'NUL nested 100 levels deep in every key',
    methods: ['POST'],
    expect: 400,
    check: namesNul,
    request: textInEveryKey(nestedIn(100, NUL_TEXT)),
  },
  {
    name: 'half of a surrogate pair in a key nested 100 levels deep',
    methods: ['POST'],
    expect: 400,
    check: namesHalfPair,
    request: textInEveryKey(nestedIn(100, { [HALF_PAIR_TEXT]: 1 })),
  },
  {
    name: 'NUL in the query',
    methods: ['GET'],
    expect: 400,
    check: namesNul,
    request: (e) => ({
      path: `${pathOf(e, 'probe')}?${requestKeys(e)
        .map((k) => `${k}=probe%00text`)
        .join('&')}`,
      init: { method: 'GET' },
    }),
  },
  {
    name: 'NUL in a path parameter',
    methods: ['GET', 'POST'],
    expect: 400,
    check: namesNul,
    applies: (e) => e.fullPath.includes('/:'),
    request: (e) => ({
      path: pathOf(e, 'probe%00text'),
      init: { method: e.method, headers: json, body: e.method === 'POST' ? '{}' : undefined },
    }),
  },
  // Found by schemathesis: a path parameter the contract allows (1,000 characters) was longer than
  // the router read, and the router's 414 was not the error body.
  {
    name: 'path parameter as long as the router reads',
    methods: ['GET', 'POST'],
    applies: (e) => e.fullPath.includes('/:'),
    request: (e) => ({
      path: pathOf(e, 'p'.repeat(MAX_PATH_PARAM_LENGTH)),
      init: { method: e.method, headers: json, body: e.method === 'POST' ? '{}' : undefined },
    }),
  },
  {
    name: 'path parameter longer than the router reads',
    methods: ['GET', 'POST'],
    expect: 414,
    applies: (e) => e.fullPath.includes('/:'),
    request: (e) => ({
      path: pathOf(e, 'p'.repeat(MAX_PATH_PARAM_LENGTH + 1)),
      init: { method: e.method, headers: json, body: e.method === 'POST' ? '{}' : undefined },
    }),
  },
  {
    name: 'bad JSON',
    methods: ['POST'],
    expect: 400,
    request: (e) => ({
      path: pathOf(e, 'probe'),
      init: { method: 'POST', headers: json, body: '{"probe":' },
    }),
  },
  {
    name: 'wrong content type',
    methods: ['POST'],
    expect: 415,
    request: (e) => ({
      path: pathOf(e, 'probe'),
      // A type no endpoint reads (the SNS notification route reads text/plain, as SNS sends it).
      init: { method: 'POST', headers: { 'content-type': 'application/xml' }, body: '<probe/>' },
    }),
  },
  {
    name: 'multipart with a wrong boundary',
    methods: ['POST'],
    request: (e) => ({
      path: pathOf(e, 'probe'),
      init: {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=expected' },
        body: '--other\r\ncontent-disposition: form-data; name="file"; filename="a.csv"\r\n\r\nemail\r\n--other--\r\n',
      },
    }),
  },
  {
    name: 'body over 10 MB',
    methods: ['POST'],
    expect: 413,
    request: (e) => ({ path: pathOf(e, 'probe'), init: { method: 'POST', headers: json, body: OVERSIZED } }),
  },
];

/**
 * One request over a raw socket, read until the server closes it. A server may answer
 * (413) and close before it has read an oversized body: the answer counts, the failed
 * rest of the write does not (fetch and node:http would throw the answer away).
 */
export function send(url: string, init: RequestInit): Promise<{ status: number; text: string }> {
  const { hostname, port, pathname, search } = new URL(url);
  const body =
    init.body === undefined || init.body === null
      ? Buffer.alloc(0)
      : Buffer.from(init.body as string | Buffer);
  const headers: Record<string, string> = {
    host: `${hostname}:${port}`,
    connection: 'close',
    ...(init.headers as Record<string, string> | undefined),
  };
  if (body.length > 0 || init.method === 'POST') headers['content-length'] = String(body.length);
  const head = [
    `${init.method ?? 'GET'} ${pathname}${search} HTTP/1.1`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ];
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(port), hostname, () => {
      socket.write(`${head.join('\r\n')}\r\n\r\n`);
      // Not end(): a half-closed connection makes Node drop the request unanswered.
      socket.write(body);
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      // A 100 Continue may come first; the last status line is the answer.
      const answers = [...raw.matchAll(/HTTP\/1\.1 (\d{3})[^\r]*\r\n[\s\S]*?\r\n\r\n/g)];
      const last = answers.at(-1);
      if (!last) return reject(new Error(`${init.method} ${url}: no answer (${raw.slice(0, 100)})`));
      resolve({ status: Number(last[1]), text: raw.slice((last.index ?? 0) + last[0].length) });
    });
  });
}

/** The error body with every key present (the schema's default would hide a missing `fields`). */
const strictErrorBody = errorBodySchema.extend({ fields: z.record(z.string(), z.array(z.string())) });

/**
 * Requests in flight at once. Each is independent and refused before the auth guard; a few at
 * a time keep the service busy while the next connection opens (one at a time, the campaign
 * service's probe took two minutes on a loaded machine).
 */
const PROBES_IN_FLIGHT = 4;

/**
 * Sends every probe to every endpoint at `baseUrl` (unauthenticated: each refusal
 * comes before the auth guard) and returns each answer that is a 5xx, not in the
 * one error body, or not the status and message its probe must get, in endpoint order.
 */
export async function probeEndpoints(baseUrl: string, endpoints: Endpoint[]): Promise<ProbeAnswer[]> {
  const calls = endpoints.flatMap((endpoint) =>
    PROBES.filter(
      (probe) => probe.methods.includes(endpoint.method) && probe.applies?.(endpoint) !== false,
    ).map((probe) => ({ endpoint, probe })),
  );
  const answers: Array<ProbeAnswer | undefined> = [];
  let next = 0;
  const lane = async () => {
    while (next < calls.length) {
      const index = next++;
      answers[index] = await probeOnce(baseUrl, calls[index]!.endpoint, calls[index]!.probe);
    }
  };
  await Promise.all(Array.from({ length: PROBES_IN_FLIGHT }, lane));
  return answers.filter((answer): answer is ProbeAnswer => answer !== undefined);
}

/** One probe on one endpoint: the wrong answer, or undefined when it is the one it must get. */
async function probeOnce(
  baseUrl: string,
  endpoint: Endpoint,
  probe: Probe,
): Promise<ProbeAnswer | undefined> {
  const { path, init } = probe.request(endpoint);
  const response = await send(`${baseUrl}${path}`, init).catch((error: Error) => {
    throw new Error(`${probe.name}: ${error.message}`);
  });
  const text = response.text;
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // kept as text: not the error body
  }
  const errorBody = strictErrorBody.safeParse(body);
  const okStatus = probe.expect === undefined ? response.status < 500 : response.status === probe.expect;
  const refusal = response.status >= 400;
  const saysWhat = !probe.check || (errorBody.success && probe.check(errorBody.data));
  if (okStatus && (!refusal || errorBody.success) && saysWhat) return undefined;
  return {
    probe: probe.name,
    endpoint: `${endpoint.method} ${endpoint.fullPath}`,
    status: response.status,
    body,
  };
}

/** A service started for the probe: its base URL and how to stop it. */
export interface ProbedService {
  url: string;
  close: () => Promise<void>;
}

/**
 * The probe as a test suite: starts the service on a database of its own (`start` gets the
 * database URL) and checks every endpoint of `service` refuses hostile input in the error body.
 */
export function describeHttpProbe(
  service: ServiceName,
  start: (databaseUrl: string) => Promise<ProbedService>,
) {
  describe(`${service}-service HTTP probe`, () => {
    let db: TestDatabase;
    let running: ProbedService | undefined;

    beforeAll(async () => {
      db = await createTestDatabase();
      running = await start(db.url);
    });

    afterAll(async () => {
      await running?.close();
      await db?.drop();
    });

    it('refuses hostile input on every endpoint in the error body, never with a 5xx', async () => {
      const endpoints = endpointsOf(service);
      expect(endpoints.length).toBeGreaterThan(0);
      expect(await probeEndpoints(running!.url, endpoints)).toEqual([]);
    });
  });
}
