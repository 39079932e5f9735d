#!/usr/bin/env node
// `npm start`: builds what changed, starts Postgres (embedded unless
// DATABASE_URL is set), the local mail capture, the four services as their own
// processes, and the gateway on one URL. Ctrl-C stops everything; data stays in
// .data/ for the next start.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build.mjs';
import { startGateway } from './gateway.mjs';
import { createLogPrinter } from './log-printer.mjs';
import { thirdPartyOrigins } from './security-headers.mjs';
import { SERVICES, servicePort } from './services.mjs';
import { isPortFree } from '../postgres/ports.mjs';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const env = process.env;
const settings = {
  port: Number(env.PORT ?? 8080),
  servicePortBase: Number(env.SERVICE_PORT_BASE ?? 3100),
  dataDir: resolve(root, env.MERIDIAN_DATA_DIR ?? '.data'),
  embeddedPgPort: Number(env.EMBEDDED_PG_PORT ?? 5433),
  mailCapturePort: Number(env.MAIL_CAPTURE_PORT ?? 1025),
  databaseUrl: env.DATABASE_URL,
  mode: env.MERIDIAN_MODE ?? 'local',
  logLevel: env.LOG_LEVEL ?? 'info',
  publicBaseUrl: env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT ?? 8080}`,
  skipBuild: env.MERIDIAN_SKIP_BUILD === '1',
};

const say = (line) => process.stdout.write(`\x1b[36m[meridian]\x1b[0m ${line}\n`);
const stoppers = [];
const children = [];
let stopping = false;

async function main() {
  if (!settings.skipBuild) await buildIfStale(root, say);

  let databaseUrl = settings.databaseUrl;
  if (!databaseUrl) {
    if (!(await isPortFree(settings.embeddedPgPort))) {
      throw new Error(
        `Port ${settings.embeddedPgPort} is taken: is another Meridian running? Stop it, or set EMBEDDED_PG_PORT or DATABASE_URL.`,
      );
    }
    const pgDir = join(settings.dataDir, 'postgres');
    mkdirSync(settings.dataDir, { recursive: true });
    say(`starting embedded Postgres (data in ${pgDir})`);
    databaseUrl = await startDatabaseProcess(pgDir, settings.embeddedPgPort);
  } else {
    say('using the Postgres server of DATABASE_URL');
  }

  await prepareJobQueues(databaseUrl);

  const smtpUrl = env.SMTP_URL ?? `smtp://127.0.0.1:${settings.mailCapturePort}`;
  let mailCaptureApi = null;
  if (settings.mode === 'local' && !env.SMTP_URL) {
    const capture = await import('../mail-capture/index.mjs');
    const server = await capture.startMailCapture({ smtpPort: settings.mailCapturePort, databaseUrl });
    stoppers.push(() => server.close());
    mailCaptureApi = capture;
    say(
      `mail capture listening on smtp://127.0.0.1:${settings.mailCapturePort}; read mails at ${settings.publicBaseUrl}/dev/mails`,
    );
  }

  const printer = createLogPrinter(process.stdout);
  const urlOf = (name) =>
    `http://127.0.0.1:${servicePort(
      SERVICES.find((service) => service.name === name),
      settings.servicePortBase,
    )}`;
  const authUrl = urlOf('auth-service');
  for (const service of SERVICES) {
    const port = servicePort(service, settings.servicePortBase);
    if (!(await isPortFree(port)))
      throw new Error(`Port ${port} for ${service.name} is taken. Set SERVICE_PORT_BASE.`);
    const child = spawn(
      process.execPath,
      ['--enable-source-maps', join(root, `dist/server/apps/${service.name}/src/main.js`)],
      {
        cwd: root,
        // Own process group: a terminal Ctrl-C reaches the launcher only, which stops services in order.
        detached: true,
        env: {
          ...env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: databaseUrl,
          AUTH_SERVICE_URL: authUrl,
          CAMPAIGN_SERVICE_URL: urlOf('campaign-service'),
          PUBLIC_BASE_URL: settings.publicBaseUrl,
          MERIDIAN_MODE: settings.mode,
          LOG_LEVEL: settings.logLevel,
          // The AWS SDK (SES) warns on Node 20 about its releases of 2027; the versions pinned here
          // run on it (package-lock.json), and the warning would be the first thing a newcomer reads.
          AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
          SMTP_URL: smtpUrl,
          // Locally, a warehouse on this machine (the embedded Postgres) may be connected.
          ...(service.name === 'integrations-service' &&
          settings.mode === 'local' &&
          !env.OUTBOUND_ALLOWED_HOSTS
            ? { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1,localhost' }
            : {}),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    printer.attach(service.name, child);
    child.on('exit', (code, signal) => {
      if (!stopping) {
        say(`${service.name} exited (${signal ?? code}); stopping the platform`);
        void shutdown(1);
      }
    });
    children.push({ service, child, port });
  }

  await Promise.all(children.map(({ service, port }) => waitForHealth(service, port)));

  const routes = SERVICES.flatMap((service) =>
    service.prefixes.map((prefix) => ({
      prefix,
      upstream: `http://127.0.0.1:${servicePort(service, settings.servicePortBase)}`,
    })),
  );
  const gateway = await startGateway({
    port: settings.port,
    routes,
    webRoot: join(root, 'dist/apps/web'),
    // The support widget and error reporting, when configured (the auth service serves them to the app).
    extraOrigins: thirdPartyOrigins(env),
    registerExtras: mailCaptureApi
      ? (app) =>
          mailCaptureApi.registerMailCaptureRoutes(app, mailCaptureApi.createMailCaptureApi(databaseUrl))
      : undefined,
  });
  stoppers.unshift(() => gateway.close());

  say('');
  say(`\x1b[1mMeridian is up on ${settings.publicBaseUrl}\x1b[0m`);
  for (const line of await loginHints()) say(line);
  say('Press Ctrl-C to stop.');
}

/**
 * Migrates each service's job queue schema before any service starts: graphile-worker
 * announces a first migration database-wide, and running workers of the other
 * services would stop and restart on it.
 */
async function prepareJobQueues(databaseUrl) {
  const { runMigrations } = await import('graphile-worker');
  for (const service of SERVICES) {
    await runMigrations({ connectionString: databaseUrl, schema: `${service.schema}_jobs` });
  }
}

/** The embedded Postgres in a process of its own group; resolves with its URL. */
function startDatabaseProcess(dataDir, port) {
  const child = spawn(
    process.execPath,
    [join(root, 'tools/postgres/embedded-server.mjs'), JSON.stringify({ dataDir, port })],
    {
      cwd: root,
      detached: true,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  stoppers.push(
    () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.send('stop');
      }),
  );
  return new Promise((resolveUrl, reject) => {
    child.once('message', (message) => resolveUrl(message.url));
    child.once('exit', (code) => reject(new Error(`embedded Postgres exited (${code}) before it was ready`)));
  });
}

async function loginHints() {
  // The demo organisation is seeded by the auth service on first start.
  const email = env.DEMO_ADMIN_EMAIL ?? 'admin@demo.meridian.dev';
  const password = env.DEMO_ADMIN_PASSWORD ?? 'meridian-demo';
  if (env.SEED_DEMO === 'false') return ['Register an organisation at /register to begin.'];
  return [`Log in at ${settings.publicBaseUrl}/login/start as ${email} with password ${password}`];
}

async function waitForHealth(service, port) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}${service.health}`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${service.name} did not become healthy within 60 s`);
}

async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  say('stopping...');
  await Promise.all(
    children.map(
      ({ child }) =>
        new Promise((done) => {
          if (child.exitCode !== null || child.signalCode !== null) return done();
          const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
          child.once('exit', () => {
            clearTimeout(timer);
            done();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
  for (const stop of stoppers) {
    try {
      await stop();
    } catch (error) {
      say(`while stopping: ${error.message}`);
    }
  }
  say('stopped.');
  process.exit(code);
}

process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

main().catch(async (error) => {
  say(`\x1b[31mcould not start: ${error.message}\x1b[0m`);
  await shutdown(1);
});
