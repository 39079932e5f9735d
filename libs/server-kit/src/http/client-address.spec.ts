import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import pino from 'pino';
import { compileTrustProxy } from './client-address';
import { FastRoutes } from './fast-routes';

/**
 * The fast routes must see the client where Fastify's `request.ip` does: both are asked over
 * real HTTP (from 127.0.0.1) under the same trustProxy setting and X-Forwarded-For header.
 */
describe('clientAddress', () => {
  const settings: (string | number)[] = [
    'loopback',
    '127.0.0.1',
    '10.0.0.0/8, loopback',
    '198.51.100.0/24,127.0.0.0/8',
    '::1, 192.0.2.1',
    '::ffff:127.0.0.1',
    'uniquelocal',
    1,
    2,
  ];
  const forwarded: (string | undefined)[] = [
    undefined,
    '',
    '203.0.113.7',
    ' 203.0.113.7 ',
    '203.0.113.7, 198.51.100.1',
    '203.0.113.7,10.1.2.3',
    '192.0.2.1, 10.0.0.1, 127.0.0.1',
    '203.0.113.7,, 198.51.100.9',
    'garbage, 198.51.100.3',
    '2001:db8::1, ::1',
    'unknown',
  ];

  it.each(settings)('matches Fastify under trustProxy %p', async (setting) => {
    const routes = new FastRoutes(pino({ level: 'silent' }), compileTrustProxy(setting));
    const fastify = Fastify({
      trustProxy: typeof setting === 'number' ? (_a: string, hop: number) => hop < setting : setting,
      serverFactory: (handler, options) => routes.server(handler, options),
    });
    routes.get('/fast/', (request) => ({ status: 200, headers: {}, body: Buffer.from(request.ip ?? '') }));
    fastify.get('/slow/:id', (request) => request.ip);
    await fastify.listen({ port: 0, host: '127.0.0.1' });
    try {
      const base = `http://127.0.0.1:${(fastify.server.address() as AddressInfo).port}`;
      for (const header of forwarded) {
        const headers: Record<string, string> = header === undefined ? {} : { 'x-forwarded-for': header };
        const slow = await (await fetch(`${base}/slow/1`, { headers })).text();
        const fast = await (await fetch(`${base}/fast/1`, { headers })).text();
        expect({ header, ip: fast }).toEqual({ header, ip: slow });
      }
    } finally {
      await fastify.close();
    }
  });

  it('refuses a setting that names no address', () => {
    expect(() => compileTrustProxy('nowhere')).toThrow(/trustProxy/);
    expect(() => compileTrustProxy('10.0.0.0/33')).toThrow(/trustProxy/);
  });
});
