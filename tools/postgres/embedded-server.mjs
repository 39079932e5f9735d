// Runs the embedded Postgres in its own process, with a `meridian` database.
// The launcher starts it in its own process group, so a Ctrl-C in the terminal
// reaches only the launcher, which stops the services first and then asks this
// process (over IPC) to stop the database. Run by hand (README "Running one
// service alone"), it uses the launcher's data folder and port, prints its URL
// and stops on Ctrl-C.
import { join, resolve } from 'node:path';
import { startEmbeddedPostgres } from './embedded.mjs';

const byHand = !process.send;
const { dataDir, port } = process.argv[2]
  ? JSON.parse(process.argv[2])
  : {
      dataDir: join(resolve(process.env.MERIDIAN_DATA_DIR ?? '.data'), 'postgres'),
      port: Number(process.env.EMBEDDED_PG_PORT ?? 5433),
    };
const pg = await startEmbeddedPostgres({ dataDir, port });
await pg.createDatabase('meridian');

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await pg.stop();
  process.exit(0);
}
if (byHand) {
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  process.stdout.write(`Postgres is up: DATABASE_URL=${pg.url('meridian')} (Ctrl-C stops it)\n`);
} else {
  process.on('message', (message) => {
    if (message === 'stop') void stop();
  });
  // The launcher died without asking: do not leave a server behind.
  process.on('disconnect', () => void stop());
  process.send({ ready: true, url: pg.url('meridian') });
}
