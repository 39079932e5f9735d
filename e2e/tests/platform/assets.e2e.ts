import { request } from 'node:http';
import { baseUrl } from '../../support/browser';

/** A raw GET (no transparent decompression): status, headers and the bytes as sent. */
function get(path: string, headers: Record<string, string>) {
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    bytes: number;
  }>((resolve, reject) => {
    const req = request(new URL(path, baseUrl), { headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the web app as the gateway serves it', () => {
  let script: string;

  beforeAll(async () => {
    const html = await (await fetch(new URL('/login/start', baseUrl))).text();
    script = /src="(\/assets\/index-[^"]+\.js)"/.exec(html)![1]!;
  });

  it('sends the brotli copy made at build to a browser that accepts it', async () => {
    const plain = await get(script, { 'accept-encoding': 'identity' });
    const br = await get(script, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(br.bytes).toBeLessThan(plain.bytes / 2);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('sends the gzip copy to a client without brotli', async () => {
    const gz = await get(script, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(String(gz.headers.vary).toLowerCase()).toContain('accept-encoding');
  });

  it('lets browsers keep hashed assets for a year, and always revalidate the page', async () => {
    const asset = await get(script, { 'accept-encoding': 'br' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await get('/login/start', { 'accept-encoding': 'br' });
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});
