// The web image is nginx with docker/nginx.conf over the built app. No container engine runs here,
// so a real nginx runs that file as the image's command does (`nginx -g 'daemon off;'`), changed
// only where the machine differs: its folders, its port, and the upstream names (Services in the
// cluster) pointed at stand-in services on loopback. Then the routes, the SPA fallback and the
// headers are checked over HTTP. Needs nginx (apt: nginx); skipped without it, except under CI.
// Run: npx jest -c jest.int.config.cjs tools/ops/web-image
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually, freePort } from '@meridian/testing';
import { SERVICES as GATEWAY_SERVICES } from '../launcher/services.mjs';
import { pageCsp } from '../launcher/security-headers.mjs';
import { ROOT } from './platform';

const nginx = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path));
if (!nginx && process.env.CI) throw new Error('nginx is not installed (apt: nginx); CI must run this test');
const describeWithNginx = nginx ? describe : describe.skip;
if (!nginx) console.warn('web image test skipped: nginx is not installed (apt: nginx)');

/** The service that went away: its upstream points at a port nothing listens on. */
const DOWN = 'reports-service';

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

describeWithNginx('the web image: docker/nginx.conf served by nginx', () => {
  let dir: string;
  let port: number;
  let child: ChildProcess;
  let output = () => '';
  const stubs: Server[] = [];
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`http://127.0.0.1:${port}${path}`, { headers, redirect: 'manual' });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'meridian-web-image-'));
    // nginx's workers drop root to `nobody` when started as root: they must read these files.
    chmodSync(dir, 0o755);
    const html = join(dir, 'html');
    mkdirSync(join(html, 'assets'), { recursive: true });
    writeFileSync(join(html, 'index.html'), '<!doctype html><title>Meridian</title>');
    writeFileSync(join(html, 'assets', 'app-1a2b.js'), 'console.log(1)');
    writeFileSync(join(html, 'assets', 'app-1a2b.js.map'), '{}');

    // Stand-ins for the services: each answers who it is and what reached it.
    const upstreams = new Map<string, number>();
    for (const service of GATEWAY_SERVICES) {
      if (service.name === DOWN) {
        upstreams.set(service.name, await freePort());
        continue;
      }
      const server = createServer((request: IncomingMessage, response: ServerResponse) => {
        response.setHeader('content-type', 'application/json');
        response.end(
          JSON.stringify({
            service: service.name,
            url: request.url,
            forwardedFor: request.headers['x-forwarded-for'],
          }),
        );
      });
      upstreams.set(service.name, await listen(server));
      stubs.push(server);
    }

    port = await freePort();
    const text = readFileSync(join(ROOT, 'docker/nginx.conf'), 'utf8')
      .replace(/\/tmp\//g, `${dir}/`)
      .replace(/listen 8080;/, `listen 127.0.0.1:${port};`)
      .replace(/root \/usr\/share\/nginx\/html;/, `root ${html};`)
      .replace(/server ([\w-]+):\d+;/g, (_line, name: string) => {
        const stub = upstreams.get(name);
        if (!stub) throw new Error(`nginx.conf has an upstream ${name} the local gateway does not know`);
        return `server 127.0.0.1:${stub};`;
      });

    // Its logs go to /dev/stdout and /dev/stderr, which cannot be opened on the sockets Node
    // pipes through: they go to a file.
    const log = join(dir, 'nginx.log');
    const logFd = openSync(log, 'a');
    output = () => readFileSync(log, 'utf8');
    const conf = join(dir, 'nginx.conf');
    writeFileSync(conf, text);
    const test = spawnSync(nginx!, ['-t', '-e', 'stderr', '-c', conf], { stdio: ['ignore', logFd, logFd] });
    if (test.status !== 0) throw new Error(`nginx -t:\n${output()}`);
    // The nginx image's CMD.
    child = spawn(nginx!, ['-e', 'stderr', '-c', conf, '-g', 'daemon off;'], {
      stdio: ['ignore', logFd, logFd],
    });
    closeSync(logFd);
    await eventually(async () => (await get('/index.html').catch(() => null))?.ok, {
      what: `nginx to serve (${output()})`,
      timeoutMs: 30_000,
    });
  });

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('close', resolve));
      child.kill('SIGQUIT'); // nginx's graceful stop
      await exited;
    }
    for (const server of stubs) server.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('serves the app with the page headers, and any other path as the SPA', async () => {
    for (const path of ['/', '/campaigns/1f0c/edit']) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<title>Meridian</title>');
      expect(
        Object.fromEntries(
          [
            'content-security-policy',
            'x-frame-options',
            'x-content-type-options',
            'referrer-policy',
            'cache-control',
          ].map((h) => [h, response.headers.get(h)]),
        ),
      ).toEqual({
        'content-security-policy': pageCsp(),
        'x-frame-options': 'SAMEORIGIN',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'same-origin',
        'cache-control': 'no-cache',
      });
    }
  });

  it('serves built assets for a year, answers a missing one 404 and never serves a source map', async () => {
    const asset = await get('/assets/app-1a2b.js');
    expect([asset.status, asset.headers.get('cache-control')]).toEqual([
      200,
      'public, max-age=31536000, immutable',
    ]);
    expect((await get('/assets/app-9z9z.js')).status).toBe(404);
    const map = await get('/assets/app-1a2b.js.map');
    expect([map.status, await map.json()]).toEqual([404, expect.objectContaining({ status_code: 404 })]);
  });

  it('sends every prefix of the local gateway to its service, path kept, client address set by the edge', async () => {
    for (const service of GATEWAY_SERVICES.filter((s) => s.name !== DOWN)) {
      for (const prefix of service.prefixes) {
        const response = await get(`${prefix}/some/path?x=1`, { 'x-forwarded-for': '203.0.113.9' });
        expect(await response.json()).toEqual({
          service: service.name,
          url: `${prefix}/some/path?x=1`,
          forwardedFor: '127.0.0.1',
        });
        // API answers carry the services' own headers, not the page policy.
        expect(response.headers.get('content-security-policy')).toBeNull();
      }
    }
  });

  it('answers an unknown API path 404 and a service that is down 502, in the error body', async () => {
    const unknown = await get('/api/unknown/v1/things');
    expect([unknown.status, await unknown.json()]).toEqual([
      404,
      expect.objectContaining({ status_code: 404 }),
    ]);
    const down = GATEWAY_SERVICES.find((s) => s.name === DOWN)!;
    const response = await get(`${down.prefixes[0]}/health`);
    expect([response.status, await response.json()]).toEqual([
      502,
      { status_code: 502, code: 'BadGatewayException', description: 'Service is not reachable', fields: {} },
    ]);
  });

  it('logs each request without its query or the token of a link', async () => {
    const secrets = Array.from({ length: 6 }, (_, i) => `Secret${i}x${Date.now()}`);
    const paths = [
      `/api/campaign/v1/t/o/${secrets[0]}`,
      `/api/campaign/v1/t/c/${secrets[1]}`,
      `/api/campaign/v1/unsubscribe/${secrets[2]}`,
      `/password/reset/${secrets[3]}`,
      `/verify-email/${secrets[4]}`,
      `/login?token=${secrets[5]}`,
    ];
    for (const path of paths) await get(path, { referer: `http://127.0.0.1:${port}${paths[3]}` });
    await eventually(async () => output().includes('"GET /login"'), {
      what: `the access lines in ${output()}`,
    });
    const lines = output();
    for (const secret of secrets) expect(lines).not.toContain(secret);
    for (const named of [
      '"GET /api/campaign/v1/t/o/:token" 200',
      '"GET /api/campaign/v1/unsubscribe/:token" 200',
      '"GET /password/reset/:token" 200',
      '"GET /verify-email/:token" 200',
    ])
      expect(lines).toContain(named);
  });
});
