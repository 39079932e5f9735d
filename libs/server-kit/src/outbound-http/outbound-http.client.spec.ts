import http, { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OutboundHttpClient, type OutboundResolver } from './outbound-http.client';
import { OutboundHttpError, outboundMessages } from './outbound-http.errors';

/**
 * Live tests. Every listener is on loopback (127.0.0.1, 127.0.0.2, ::1) and every host name is
 * resolved by a test resolver to a loopback address: no packet leaves the machine.
 */
interface Listener {
  host: string;
  port: number;
  /** Connections accepted, to prove a refused target was never connected to. */
  connections: number;
  requests: Array<{ method: string; url: string; headers: IncomingMessage['headers']; body: string }>;
  server: Server;
  origin: string;
}

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

async function listen(host: string, handler: Handler): Promise<Listener> {
  const listener = { host, port: 0, connections: 0, requests: [], origin: '' } as unknown as Listener;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      listener.requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handler(req, res, body);
    });
  });
  server.on('connection', () => listener.connections++);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  listener.server = server;
  listener.port = (server.address() as AddressInfo).port;
  listener.origin = `http://${host.includes(':') ? `[${host}]` : host}:${listener.port}`;
  return listener;
}

const close = (listener: Listener) =>
  new Promise<void>((resolve) => {
    listener.server.closeAllConnections();
    listener.server.close(() => resolve());
  });

const resolveTo =
  (table: Record<string, string>): OutboundResolver =>
  (hostname) => {
    const address = table[hostname];
    if (!address)
      return Promise.reject(
        Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }),
      );
    return Promise.resolve([{ address, family: address.includes(':') ? 6 : 4 }]);
  };

async function failureOf(promise: Promise<unknown>): Promise<OutboundHttpError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof OutboundHttpError) return error;
    throw error;
  }
  throw new Error('the request succeeded');
}

describe(OutboundHttpClient.name, () => {
  let internal: Listener; // 127.0.0.1: never allow-listed
  let allowed: Listener; // 127.0.0.2: allow-listed where a test says so
  let ipv6: Listener | null; // ::1, when the machine has IPv6 loopback
  const get = (url: string, timeoutMs = 5_000) => ({ url, method: 'GET', timeoutMs });

  beforeAll(async () => {
    internal = await listen('127.0.0.1', (_req, res) => res.end('internal secret'));
    allowed = await listen('127.0.0.2', (req, res, body) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const to = url.searchParams.get('to');
      if (url.pathname === '/redirect' && to) {
        res.writeHead(Number(url.searchParams.get('status') ?? 302), { location: to });
        return res.end();
      }
      if (url.pathname === '/loop') {
        res.writeHead(302, { location: '/loop' });
        return res.end();
      }
      if (url.pathname === '/slow') return; // never answers
      if (url.pathname === '/big') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        const chunk = Buffer.alloc(64 * 1024, 'a');
        for (let i = 0; i < 48; i++) res.write(chunk); // 3 MB
        return res.end();
      }
      res.writeHead(200, { 'content-type': 'application/json', 'x-seen': 'yes' });
      res.end(JSON.stringify({ method: req.method, body, auth: req.headers.authorization ?? null }));
    });
    ipv6 = await listen('::1', (_req, res) => res.end('v6')).catch(() => null);
  });

  afterAll(async () => {
    await Promise.all([close(internal), close(allowed), ...(ipv6 ? [close(ipv6)] : [])]);
  });

  beforeEach(() => {
    for (const listener of [internal, allowed, ipv6]) {
      if (listener) {
        listener.connections = 0;
        listener.requests = [];
      }
    }
  });

  it('answers a header value Node will not send as a failed call, not a thrown error', async () => {
    const client = new OutboundHttpClient({ allowedHosts: ['127.0.0.2'] });
    const error = await failureOf(
      client.request({ ...get(`${allowed.origin}/`), headers: { 'x-price': '5 \u20ac' } }),
    );
    expect(error.reason).toBe('connection');
    expect(allowed.requests).toHaveLength(0);
  });

  it('refuses a loopback address without connecting', async () => {
    const client = new OutboundHttpClient();
    const error = await failureOf(client.request(get(`${internal.origin}/`)));
    expect(error.reason).toBe('refused');
    expect(error.message).toBe(outboundMessages.refused);
    expect(internal.connections).toBe(0);
  });

  it.each([
    (port: number) => `http://2130706433:${port}/`,
    (port: number) => `http://0177.0.0.1:${port}/`,
    (port: number) => `http://0x7f000001:${port}/`,
    (port: number) => `http://127.1:${port}/`,
    (port: number) => `http://[::ffff:127.0.0.1]:${port}/`,
    (port: number) => `http://0.0.0.0:${port}/`,
  ])('refuses loopback in another spelling (%#)', async (spell) => {
    const client = new OutboundHttpClient();
    expect((await failureOf(client.request(get(spell(internal.port))))).reason).toBe('refused');
    expect(internal.connections).toBe(0);
  });

  it('refuses IPv6 loopback without connecting', async () => {
    if (!ipv6) return;
    const client = new OutboundHttpClient();
    expect((await failureOf(client.request(get(`${ipv6.origin}/`)))).reason).toBe('refused');
    expect(ipv6.connections).toBe(0);
  });

  it('refuses a host name that resolves to loopback, in the connection own lookup', async () => {
    let lookups = 0;
    const client = new OutboundHttpClient({
      resolver: (hostname) => {
        lookups++;
        return resolveTo({ 'rebind.example': '127.0.0.1' })(hostname);
      },
    });
    const error = await failureOf(client.request(get(`http://rebind.example:${internal.port}/`)));
    expect(error.reason).toBe('refused');
    expect(lookups).toBe(1);
    expect(internal.connections).toBe(0);
  });

  it('refuses a name when any of its addresses is internal', async () => {
    const client = new OutboundHttpClient({
      resolver: () =>
        Promise.resolve([
          { address: '127.0.0.2', family: 4 },
          { address: '127.0.0.1', family: 4 },
        ]),
      allowedHosts: ['127.0.0.2'],
    });
    expect((await failureOf(client.request(get(`http://mixed.example:${internal.port}/`)))).reason).toBe(
      'refused',
    );
    expect(internal.connections + allowed.connections).toBe(0);
  });

  it('permits an allow-listed address and returns status, headers and body', async () => {
    const client = new OutboundHttpClient({ allowedHosts: ['127.0.0.2'] });
    const response = await client.request({
      url: `${allowed.origin}/hook?x=1`,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': '999', host: 'evil' },
      body: '{"hello":"world"}',
      timeoutMs: 30_000,
    });
    expect(response.status).toBe(200);
    expect(response.headers['x-seen']).toBe('yes');
    expect(JSON.parse(response.body.toString())).toEqual({
      method: 'POST',
      body: '{"hello":"world"}',
      auth: null,
    });
    expect(response.truncated).toBe(false);
    expect(response.redirects).toBe(0);
    expect(allowed.requests[0]?.headers.host).toBe(`127.0.0.2:${allowed.port}`);
  });

  it('permits an allow-listed host name and a CIDR', async () => {
    const byName = new OutboundHttpClient({
      allowedHosts: ['hooks.internal'],
      resolver: resolveTo({ 'hooks.internal': '127.0.0.2' }),
    });
    expect((await byName.request(get(`http://hooks.internal:${allowed.port}/`))).status).toBe(200);
    const byRange = new OutboundHttpClient({ allowedHosts: ['127.0.0.0/30'] });
    expect((await byRange.request(get(`${allowed.origin}/`))).status).toBe(200);
  });

  it('permits allow-listed IPv6 loopback', async () => {
    if (!ipv6) return;
    const client = new OutboundHttpClient({ allowedHosts: ['::1'] });
    expect((await client.request(get(`${ipv6.origin}/`))).body.toString()).toBe('v6');
  });

  it('refuses a redirect from an allowed host to loopback', async () => {
    const client = new OutboundHttpClient({ allowedHosts: ['127.0.0.2'] });
    const to = encodeURIComponent(`${internal.origin}/`);
    const error = await failureOf(client.request(get(`${allowed.origin}/redirect?to=${to}`)));
    expect(error.reason).toBe('refused');
    expect(allowed.requests).toHaveLength(1);
    expect(internal.connections).toBe(0);
  });

  it('refuses a redirect to a name that resolves to loopback, and to odd spellings', async () => {
    const client = new OutboundHttpClient({
      allowedHosts: ['127.0.0.2'],
      resolver: resolveTo({ 'internal.example': '127.0.0.1' }),
    });
    for (const target of [
      `http://internal.example:${internal.port}/`,
      `http://2130706433:${internal.port}/`,
      `http://[::1]:${internal.port}/`,
    ]) {
      const url = `${allowed.origin}/redirect?status=307&to=${encodeURIComponent(target)}`;
      expect((await failureOf(client.request(get(url)))).reason).toBe('refused');
    }
    expect(internal.connections).toBe(0);
  });

  it('refuses a redirect to another scheme', async () => {
    const client = new OutboundHttpClient({ allowedHosts: ['127.0.0.2'] });
    const error = await failureOf(
      client.request(get(`${allowed.origin}/redirect?to=${encodeURIComponent('file:///etc/passwd')}`)),
    );
    expect(error.reason).toBe('invalid_url');
  });

  it('follows at most 5 redirects', async () => {
    const client = new OutboundHttpClient({ allowedHosts: ['127.0.0.2'] });
    const error = await failureOf(client.request(get(`${allowed.origin}/loop`)));
    expect(error).toMatchObject({ reason: 'redirects', message: outboundMessages.redirects(5) });
    expect(allowed.requests).toHaveLength(6);
  });

  it('turns a POST into a GET on 303 and resends it on 307', async () => {
    const client = new OutboundHttpClient({ allowedHosts: ['127.0.0.2'] });
    const post = (status: number) =>
      client.request({
        url: `${allowed.origin}/redirect?status=${status}&to=/echo`,
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: 'payload',
        timeoutMs: 30_000,
      });
    const seeOther = JSON.parse((await post(303)).body.toString()) as { method: string; body: string };
    expect(seeOther).toMatchObject({ method: 'GET', body: '' });
    const temporary = await post(307);
    expect(JSON.parse(temporary.body.toString())).toMatchObject({ method: 'POST', body: 'payload' });
    expect(temporary.redirects).toBe(1);
    expect(temporary.url).toBe(`${allowed.origin}/echo`);
  });

  it('does not carry credentials to another origin', async () => {
    const client = new OutboundHttpClient({
      allowedHosts: ['127.0.0.2', 'hooks.internal'],
      resolver: resolveTo({ 'hooks.internal': '127.0.0.2' }),
    });
    const to = encodeURIComponent(`http://hooks.internal:${allowed.port}/echo`);
    const response = await client.request({
      ...get(`${allowed.origin}/redirect?to=${to}`),
      headers: { authorization: 'Bearer s3cret' },
    });
    expect(JSON.parse(response.body.toString())).toMatchObject({ auth: null });
    const same = await client.request({
      ...get(`${allowed.origin}/redirect?to=/echo`),
      headers: { authorization: 'Bearer s3cret' },
    });
    expect(JSON.parse(same.body.toString())).toMatchObject({ auth: 'Bearer s3cret' });
  });

  it('stops a call that takes longer than its total timeout', async () => {
    const client = new OutboundHttpClient({ allowedHosts: ['127.0.0.2'] });
    const error = await failureOf(client.request(get(`${allowed.origin}/slow`, 300)));
    expect(error).toMatchObject({ reason: 'timeout', message: outboundMessages.timeout(0.3) });
  });

  it('stops a connection that is not made within the connect timeout', async () => {
    const client = new OutboundHttpClient({
      connectTimeoutMs: 200,
      resolver: () => new Promise(() => undefined),
    });
    const error = await failureOf(client.request(get('http://hanging.example/', 5_000)));
    expect(error).toMatchObject({
      reason: 'timeout',
      message: outboundMessages.connectTimeout('hanging.example', 0.2),
    });
  });

  it('keeps the first bytes of a response past the size cap', async () => {
    const client = new OutboundHttpClient({ allowedHosts: ['127.0.0.2'], maxResponseBytes: 1024 * 1024 });
    const response = await client.request(get(`${allowed.origin}/big`));
    expect(response.truncated).toBe(true);
    expect(response.body.length).toBe(1024 * 1024);
  });

  it('reports a name that does not resolve', async () => {
    const client = new OutboundHttpClient({ resolver: resolveTo({}) });
    const error = await failureOf(client.request(get('http://no-such-host.example/')));
    expect(error).toMatchObject({ reason: 'dns', message: outboundMessages.dns('no-such-host.example') });
  });

  it('reports a refused connection', async () => {
    const closed = await listen('127.0.0.2', () => undefined);
    await close(closed);
    const client = new OutboundHttpClient({ allowedHosts: ['127.0.0.2'] });
    const error = await failureOf(client.request(get(`${closed.origin}/`)));
    expect(error).toMatchObject({
      reason: 'connection',
      message: outboundMessages.connection('127.0.0.2', 'ECONNREFUSED'),
    });
  });

  it('refuses schemes other than http and https', async () => {
    const client = new OutboundHttpClient();
    for (const url of ['file:///etc/passwd', 'gopher://127.0.0.2/', 'ftp://example.com/', 'not a url']) {
      expect((await failureOf(client.request(get(url)))).reason).toBe('invalid_url');
    }
  });

  describe('refusesTarget (checking a URL when it is saved)', () => {
    const client = new OutboundHttpClient({
      allowedHosts: ['hooks.internal', '10.20.0.0/16'],
      resolver: resolveTo({
        'meta.example': '169.254.169.254',
        'public.example': '93.184.216.34',
        'hooks.internal': '10.9.9.9',
      }),
    });

    it.each([
      'http://169.254.169.254/latest/meta-data/',
      'http://127.0.0.1:8080/',
      'http://[::1]/',
      'http://2130706433/',
      'http://10.0.0.1/x',
      'http://meta.example/x',
    ])('refuses %s', async (url) => {
      await expect(client.refusesTarget(url)).resolves.toBe(true);
    });

    it.each([
      'https://public.example/hooks/{{ person.id }}',
      'http://hooks.internal/x',
      'http://10.20.1.2/',
      'https://unknown.example/',
    ])('accepts %s', async (url) => {
      await expect(client.refusesTarget(url)).resolves.toBe(false);
    });

    it('leaves a name that does not resolve in time to the call', async () => {
      const slow = new OutboundHttpClient({ resolver: () => new Promise(() => undefined) });
      await expect(slow.refusesTarget('https://slow.example/', 50)).resolves.toBe(false);
    });
  });
});
