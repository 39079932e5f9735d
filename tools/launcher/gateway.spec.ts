import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * The gateway is the edge: it replaces a client's X-Forwarded-For with the address the client
 * connected from, since the services believe that header from the gateway alone. Run in a child
 * Node, as the gateway is an ES module.
 */
const script = `
import http from 'node:http';
import { startGateway } from ${JSON.stringify(join(__dirname, 'gateway.mjs'))};
const seen = [];
const upstream = http.createServer((req, res) => { seen.push(req.headers['x-forwarded-for'] ?? null); res.end('{}'); });
await new Promise((resolve) => upstream.listen(0, '127.0.0.1', resolve));
const gateway = await startGateway({
  port: 0, host: '127.0.0.1', webRoot: '/nonexistent',
  routes: [{ prefix: '/api/auth/v1', upstream: 'http://127.0.0.1:' + upstream.address().port }],
});
const base = 'http://127.0.0.1:' + gateway.server.address().port + '/api/auth/v1/accounts/login';
await fetch(base, { method: 'POST', headers: { 'x-forwarded-for': '203.0.113.66' } });
await fetch(base, { method: 'POST' });
await gateway.close();
upstream.close();
process.stdout.write(JSON.stringify(seen));
`;

describe('gateway', () => {
  it('forwards the client address it sees, never the one a client wrote', () => {
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: join(__dirname, '..', '..'),
      encoding: 'utf8',
    });
    expect(JSON.parse(out)).toEqual(['127.0.0.1', '127.0.0.1']);
  });

  it('sends pages the policy with the configured third-party origins, and API answers without them', () => {
    const headers = `
import { startGateway } from ${JSON.stringify(join(__dirname, 'gateway.mjs'))};
const gateway = await startGateway({
  port: 0, host: '127.0.0.1', webRoot: '/nonexistent', routes: [],
  extraOrigins: ['https://widget.support.test', 'https://o1.ingest.sentry.test'],
});
const base = 'http://127.0.0.1:' + gateway.server.address().port;
const page = (await fetch(base + '/campaigns')).headers.get('content-security-policy');
const api = (await fetch(base + '/api/nothing')).headers.get('content-security-policy');
await gateway.close();
process.stdout.write(JSON.stringify({ page, api }));
`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', headers], {
      cwd: join(__dirname, '..', '..'),
      encoding: 'utf8',
    });
    const { page, api } = JSON.parse(out) as { page: string; api: string };
    expect(page).toContain("script-src 'self' https://widget.support.test https://o1.ingest.sentry.test;");
    expect(page).toContain("connect-src 'self' https://widget.support.test https://o1.ingest.sentry.test;");
    expect(api).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
