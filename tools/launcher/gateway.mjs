// The local gateway: one origin for everything. API prefixes go to their
// service; everything else is the built web app with SPA fallback. In
// Kubernetes an Ingress does the same job (k8s/ingress.yaml).
import Fastify from 'fastify';
import httpProxy from '@fastify/http-proxy';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * @param {{ port: number, host?: string, routes: { prefix: string, upstream: string }[], webRoot: string,
 *           registerExtras?: (app: import('fastify').FastifyInstance) => Promise<void> | void }} options
 */
export async function startGateway({ port, host = '0.0.0.0', routes, webRoot, registerExtras }) {
  const app = Fastify({ logger: false, bodyLimit: 200 * 1024 * 1024, trustProxy: true });

  for (const { prefix, upstream } of routes) {
    await app.register(httpProxy, {
      upstream,
      prefix,
      rewritePrefix: prefix,
      http: { requestOptions: { timeout: 300_000 } },
      replyOptions: {
        onError: (reply, { error }) => {
          reply.code(502).send({
            status_code: 502,
            code: 'BadGatewayException',
            description: `Service behind ${prefix} is not reachable`,
            fields: {},
            detail: error?.message,
          });
        },
      },
    });
  }

  if (registerExtras) await registerExtras(app);

  const hasWeb = existsSync(join(webRoot, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: ['index.html'],
      cacheControl: false,
      // The build writes .br and .gz copies (tools/build/precompress.mjs): sent as they are, with
      // Content-Encoding and Vary: Accept-Encoding, to clients that accept them.
      preCompressed: true,
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/');
    if (!isApi && request.method === 'GET' && hasWeb) {
      // Hashed assets are immutable; the HTML shell must always be fresh.
      return reply.header('cache-control', 'no-cache').sendFile('index.html', webRoot);
    }
    return reply.code(404).send({
      status_code: 404,
      code: 'NotFoundException',
      description: `Cannot ${request.method} ${request.url.split('?')[0]}`,
      fields: {},
    });
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/assets/'))
      reply.header('cache-control', 'public, max-age=31536000, immutable');
    done(null, payload);
  });

  await app.listen({ port, host });
  return app;
}
