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

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A port free now between `min` and `max`, picked at random: below the kernel's ephemeral range,
 * such a port stays free for a server that stops and starts again on it (no outgoing connection
 * is given it meanwhile).
 */
export async function freePortBetween(min: number, max: number): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = min + Math.floor(Math.random() * (max - min));
    if (await isFree(port)) return port;
  }
  throw new Error(`No free port between ${min} and ${max}`);
}
