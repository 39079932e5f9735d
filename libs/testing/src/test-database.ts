import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

export interface TestDatabase {
  /** Connection URL of the fresh database. */
  url: string;
  name: string;
  drop(): Promise<void>;
}

function adminUrl(): string {
  const url = process.env.MERIDIAN_TEST_ADMIN_URL ?? process.env.DATABASE_URL;
  if (!url)
    throw new Error('No test Postgres: run through jest.int.config.cjs (it starts one) or set DATABASE_URL');
  return url;
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export interface TestDatabaseOptions {
  /**
   * A database with nothing in it, for a test of what creates the schema (migrations, the
   * migration Job) or of a database that is not ours (a customer's warehouse).
   */
  empty?: boolean;
}

/** The service tier's template (global-setup.cjs): every service's migrations, already run. */
function templateName(options: TestDatabaseOptions): string | undefined {
  return options.empty ? undefined : process.env.MERIDIAN_TEST_TEMPLATE_DB || undefined;
}

/** How long `drop()` lets the test's own connections finish closing before it cuts them. */
const CLOSING_GRACE_MS = 10_000;

/**
 * A pool's `end()` resolves before its connections' sockets have closed. Cut by the forced drop
 * in that moment, such a connection reports the server's 'terminating connection' to a pool
 * nobody listens to any more, and the test process fails on an unhandled error. Waits until the
 * database has no sessions (or the grace is over: a test that leaks one still gets its drop).
 */
async function closingConnectionsGone(admin: Client, name: string): Promise<void> {
  const deadline = Date.now() + CLOSING_GRACE_MS;
  for (;;) {
    const { rows } = await admin.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = $1',
      [name],
    );
    if (rows[0]!.n === 0 || Date.now() >= deadline) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Creates a database of its own for one test file; `drop()` removes it. In the service tier it
 * is a copy of the run's template, holding what the services' migrations make (the services
 * still migrate at boot and find nothing to do); elsewhere, or with `empty`, it is empty.
 */
export async function createTestDatabase(
  prefix = 'meridian_test',
  options: TestDatabaseOptions = {},
): Promise<TestDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const template = templateName(options);
  const admin = new Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  } finally {
    await admin.end();
  }
  return {
    name,
    url: withDatabase(adminUrl(), name),
    async drop() {
      const client = new Client({ connectionString: adminUrl() });
      await client.connect();
      try {
        await closingConnectionsGone(client, name);
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
