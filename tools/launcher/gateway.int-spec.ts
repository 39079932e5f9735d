import { createTestDatabase, eventually, type TestDatabase, freePort } from '@meridian/testing';
import type { FastifyInstance } from 'fastify';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startGateway } from './gateway.mjs';

const root = join(__dirname, '..', '..');

/** Writes raw bytes on a new keep-alive connection and reads answers until `count` complete ones arrived. */
function rawExchange(
  port: number,
  bytes: string,
  count: number,
): Promise<{ status: number; body: string }[]> {
  return new Promise((resolve, reject) => {
    let data = '';
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    const parse = () => {
      const answers: { status: number; body: string }[] = [];
      let rest = data;
      while (answers.length < count) {
        // An interim answer (100 Continue) has no headers and no body: it is not one of the answers.
        rest = rest.replace(/^HTTP\/1\.1 1\d\d[^\r]*\r\n\r\n/, '');
        const head = /^HTTP\/1\.1 (\d{3})[^\r]*\r\n([\s\S]*?)\r\n\r\n/.exec(rest);
        if (!head) return null;
        const length = Number(/content-length: (\d+)/i.exec(head[2])?.[1] ?? 0);
        const start = head[0].length;
        if (rest.length < start + length) return null;
        answers.push({ status: Number(head[1]), body: rest.slice(start, start + length) });
        rest = rest.slice(start + length);
      }
      return answers;
    };
    socket.on('data', (chunk) => {
      data += String(chunk);
      const answers = parse();
      if (answers) {
        socket.destroy();
        resolve(answers);
      }
    });
    socket.on('error', reject);
    socket.on('close', () => reject(new Error(`connection closed after: ${data.slice(0, 300)}`)));
  });
}

// The gateway in front of a real service process (the reports service, built by the
// service tier's global setup) and a built-looking web root.
describe('local gateway', () => {
  let db: TestDatabase;
  let service: ChildProcess;
  let gateway: FastifyInstance;
  let port: number;
  let webRoot: string;
  const health = '/api/campaign/v2/health';

  beforeAll(async () => {
    db = await createTestDatabase();
    const servicePort = await freePort();
    service = spawn(process.execPath, [join(root, 'dist/server/apps/reports-service/src/main.js')], {
      env: {
        ...process.env,
        PORT: String(servicePort),
        HOST: '127.0.0.1',
        DATABASE_URL: db.url,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const upstream = `http://127.0.0.1:${servicePort}`;
    await eventually(async () => (await fetch(`${upstream}${health}`).catch(() => null))?.ok, {
      what: 'the reports service to start',
      timeoutMs: 60_000,
    });
    webRoot = mkdtempSync(join(tmpdir(), 'gateway-web-'));
    mkdirSync(join(webRoot, 'assets'));
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Meridian</title>');
    writeFileSync(join(webRoot, 'assets/app-1a2b.js'), 'console.log(1);');
    writeFileSync(join(webRoot, 'assets/app-1a2b.js.map'), '{"version":3}');
    port = await freePort();
    gateway = await startGateway({
      port,
      host: '127.0.0.1',
      routes: [{ prefix: '/api/campaign/v2', upstream }],
      webRoot,
    });
  });

  afterAll(async () => {
    await gateway?.close();
    await new Promise<void>((done) => {
      if (!service || service.exitCode !== null) return done();
      service.once('exit', () => done());
      service.kill('SIGTERM');
    });
    await db?.drop();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('answers a GET that carries a body, and the next caller on another connection, correctly', async () => {
    for (let round = 0; round < 3; round += 1) {
      const [withBody] = await rawExchange(
        port,
        `GET ${health} HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 18\r\n\r\n{"probe":"a body"}`,
        1,
      );
      expect(withBody.status).toBe(200);
      const [next] = await rawExchange(port, `GET ${health} HTTP/1.1\r\nhost: x\r\n\r\n`, 1);
      expect(next.status).toBe(200);
      expect(JSON.parse(next.body)).toMatchObject({ service: 'reports-service' });
    }
  });

  it('forwards a body sent with Expect: 100-continue, chunked, with stray hop-by-hop headers, not 502', async () => {
    const chunk = '{"probe":"a body"}';
    const answers = await rawExchange(
      port,
      `POST /api/campaign/v2/anything HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n` +
        `expect: 100-continue\r\nkeep-alive: timeout=5\r\ntransfer-encoding: chunked\r\n\r\n` +
        `${chunk.length.toString(16)}\r\n${chunk}\r\n0\r\n\r\n`,
      1,
    );
    // Node answers the 100 itself; the service's own answer follows.
    expect(answers.map((a) => a.status)).toEqual([404]);
    expect(JSON.parse(answers[0]!.body)).toMatchObject({ status_code: 404, code: 'NotFoundException' });
  });

  it("answers a body over the services' limit with 413 in the error body, not 502", async () => {
    const body = `{"probe":"${'a'.repeat(10 * 1024 * 1024)}"}`;
    const [answer] = await rawExchange(
      port,
      `POST /api/campaign/v2/anything HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`,
      1,
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({
      status_code: 413,
      code: 'PayloadTooLargeException',
      description: 'Request is too large',
      fields: {},
    });
  });

  it('answers an address it cannot decode or forward in the error body, not its own', async () => {
    // fetch() would normalise these; the raw request line goes as written.
    for (const path of ['/api/campaign/v2/t/o/%00%ff', '/api/campaign/v2/..%2f..%2fetc', '/%ff']) {
      const [answer] = await rawExchange(
        port,
        `GET ${path} HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n`,
        1,
      );
      expect({ path, status: answer.status, body: JSON.parse(answer.body) }).toEqual({
        path,
        status: 400,
        body: {
          status_code: 400,
          code: 'BadRequestException',
          description: 'The address is not valid',
          fields: {},
        },
      });
    }
  });

  it("answers a request Node's parser refuses in the error body, then closes", async () => {
    const cases: Array<[string, number, string]> = [
      ['GARBAGE / HTTP/1.1\r\nhost: x\r\n\r\n', 400, 'BadRequestException'],
      ['GET / HTTP/1.1\r\nhost: x\r\ncontent-length: abc\r\n\r\n', 400, 'BadRequestException'],
      [
        `GET / HTTP/1.1\r\nhost: x\r\nx-big: ${'b'.repeat(20_000)}\r\n\r\n`,
        431,
        'RequestHeaderFieldsTooLargeException',
      ],
    ];
    for (const [request, status, code] of cases) {
      const [answer] = await rawExchange(port, request, 1);
      expect({ status: answer.status, body: JSON.parse(answer.body) }).toMatchObject({
        status,
        body: { status_code: status, code, fields: {} },
      });
    }
  });

  it('sends the security headers on pages, assets and API answers', async () => {
    for (const path of ['/', '/templates/some-id', '/assets/app-1a2b.js']) {
      const response = await fetch(`http://127.0.0.1:${port}${path}`);
      expect(response.status).toBe(200);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).not.toMatch(/https?:/);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(response.headers.get('referrer-policy')).toBe('same-origin');
    }
    for (const path of [health, '/api/campaign/v2/unknown', '/api/nowhere']) {
      const response = await fetch(`http://127.0.0.1:${port}${path}`);
      expect(response.headers.get('content-security-policy')).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe('same-origin');
    }
  });

  it('does not serve source maps', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/assets/app-1a2b.js.map`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ status_code: 404, code: 'NotFoundException' });
  });
});
