// The service tier's template database: made once per run by the global setup with
// everything a service boot creates in an empty database (each service's schema and
// TypeORM migrations, its graphile-worker queue schema, the Postgres transport's event
// log), so `createTestDatabase` copies it instead of every test file migrating again.
// The services still run their migrations at boot and find nothing left to do; a new
// migration is still run by them. Uses the built server code (dist/server), which the
// global setup builds first. `node template-database.mjs create <admin url> <name>` makes
// the template and prints how long each part took.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SERVICES } from '../../../tools/launcher/services.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const require = createRequire(import.meta.url);

function fromBuild(path) {
  return require(join(root, 'dist/server', path));
}

function withDatabase(url, name) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** Applies, to the database at `url`, what the services' boots apply; returns ms per part. */
export async function migrateDatabase(url) {
  require('reflect-metadata');
  const { DataSource } = require('typeorm');
  const { runMigrations } = require('graphile-worker');
  const { dataSourceOptions, ensureSchema } = fromBuild('libs/server-kit/src/database/database.module.js');
  const { queueSchemaName } = fromBuild('libs/server-kit/src/jobs/jobs.tokens.js');
  const { ensureLogSchema } = fromBuild('libs/server-kit/src/events/postgres-log.schema.js');
  const timings = {};
  const timed = async (label, work) => {
    const started = Date.now();
    await work();
    timings[label] = Date.now() - started;
  };
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  // Errors reach the awaited calls; idle-client errors have nothing to tell here.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  try {
    // One after another, in the launcher's order: graphile-worker's first migration is
    // announced database-wide, and parallel runs only compete for the same two cores.
    for (const service of SERVICES) {
      const { migrations } = fromBuild(`apps/${service.name}/src/migrations/index.js`);
      await timed(`${service.schema} schema`, async () => {
        await ensureSchema(url, service.schema);
        const options = dataSourceOptions({
          url,
          schema: service.schema,
          entities: [],
          migrations,
          poolSize: 2,
        });
        const source = await new DataSource(options).initialize();
        await source.destroy();
      });
      await timed(`${service.schema} queue`, () =>
        runMigrations({ pgPool: pool, schema: queueSchemaName(service.schema), logger: silentLogger() }),
      );
    }
    await timed('event log', () => ensureLogSchema(pool));
  } finally {
    await pool.end();
  }
  return timings;
}

function silentLogger() {
  const { Logger } = require('graphile-worker');
  return new Logger(() => () => undefined);
}

async function admin(adminUrl, work) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates `name` from scratch, migrates it, and closes it to connections: Postgres copies a
 * template only while nobody is connected to it.
 */
export async function createTemplateDatabase(adminUrl, name) {
  await admin(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const timings = await migrateDatabase(withDatabase(adminUrl, name));
  await admin(adminUrl, (client) =>
    client.query(`ALTER DATABASE "${name}" WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`),
  );
  return timings;
}

export async function dropTemplateDatabase(adminUrl, name) {
  await admin(adminUrl, async (client) => {
    await client.query(`ALTER DATABASE "${name}" WITH IS_TEMPLATE false`);
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === 'create') {
  const [adminUrl, name] = process.argv.slice(3);
  const started = Date.now();
  const timings = await createTemplateDatabase(adminUrl, name);
  console.log(`template database ${name}: ${Date.now() - started} ms ${JSON.stringify(timings)}`);
}
