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
});
