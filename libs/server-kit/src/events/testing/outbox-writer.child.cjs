// Child process of the SIGKILL test: commits a business row and its outbox row
// in one transaction (the SQL comes from the test, built by the same functions
// the publisher uses), says so, then waits to be killed before any relay runs.
const { Client } = require('pg');

async function main() {
  const statements = JSON.parse(process.env.STATEMENTS);
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query('BEGIN');
  for (const { sql, params } of statements) await client.query(sql, params);
  await client.query('COMMIT');
  process.stdout.write('committed\n');
  // Stay alive, connection open, until the test kills this process.
  setInterval(() => undefined, 60_000);
}

main().catch((error) => {
  process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
