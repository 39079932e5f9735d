// Runs the embedded Postgres in its own process group, so a Ctrl-C in the
// terminal reaches only the launcher, which stops the services first and then
// asks this process (over IPC) to stop the database. Started by the launcher.
import { startEmbeddedPostgres } from './embedded.mjs';

const { dataDir, port } = JSON.parse(process.argv[2]);
const pg = await startEmbeddedPostgres({ dataDir, port });
await pg.createDatabase('meridian');

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await pg.stop();
  process.exit(0);
}
process.on('message', (message) => {
  if (message === 'stop') void stop();
});
// The launcher died without asking: do not leave a server behind.
process.on('disconnect', () => void stop());
process.send({ ready: true, url: pg.url('meridian') });
