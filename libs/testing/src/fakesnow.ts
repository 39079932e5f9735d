import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import { join } from 'node:path';
import { eventually } from './eventually';
import { freePort } from './free-port';

const root = join(__dirname, '..', '..', '..');
const toolDir = join(root, 'tools', 'test', 'fakesnow');

export interface FakesnowServer {
  /** The base URL a Snowflake driver is pointed at (its accessUrl). */
  url: string;
  stop(): Promise<void>;
}

/**
 * Why the Snowflake emulator cannot run here (python3 or its venv module missing), or null when it
 * can. Installs fakesnow into .cache/fakesnow-venv on first use.
 */
export function fakesnowUnavailable(): string | null {
  const result = spawnSync(process.execPath, [join(toolDir, 'ensure-fakesnow.mjs')], { encoding: 'utf8' });
  if (result.status === 0) return null;
  return (result.stderr || result.stdout || 'fakesnow could not be installed').trim();
}

/**
 * The fakesnow server (Snowflake's HTTP API over DuckDB) on a free loopback port, behind the shim
 * that answers results as JSON rowsets, as Snowflake does for the Node.js driver.
 */
export async function startFakesnow(): Promise<FakesnowServer> {
  const python = join(root, '.cache', 'fakesnow-venv', 'bin', 'python');
  const port = await freePort();
  const child: ChildProcess = spawn(python, [join(toolDir, 'json_server.py'), String(port)], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await eventually(
    () =>
      new Promise<boolean>((resolve) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.end();
          resolve(true);
        });
        socket.on('error', () => resolve(false));
      }),
    { what: 'the fakesnow server to listen', timeoutMs: 60_000 },
  );
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      await new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      });
    },
  };
}
