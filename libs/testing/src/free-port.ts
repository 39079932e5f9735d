import { createServer } from 'node:net';

/**
 * A TCP port free on 127.0.0.1 right now, for a process or server a test starts. The
 * one copy for test code (scripts use tools/postgres/ports.mjs, the same logic).
 */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
