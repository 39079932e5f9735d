import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { type AuthFactories, authFactories } from './auth-factories';
import { eventually } from './eventually';
import { type SmtpSink, startSmtpSink } from './smtp-sink';
import { freePort } from './free-port';

const root = join(__dirname, '..', '..', '..');
const PUBLIC_BASE_URL = 'http://localhost:8080';

export interface TestPlatform extends AuthFactories {
  /** Where the service under test resolves bearer tokens (its AUTH_SERVICE_URL). */
  authServiceUrl: string;
  mails: SmtpSink;
  stop(): Promise<void>;
}

/**
 * The auth service as a real process (the built server code) on the test's
 * database, mailing into a sink, so another service's tests get real
 * organisations and bearer tokens over real HTTP. The service tier's global
 * setup builds the server code first.
 */
export async function startTestPlatform(databaseUrl: string): Promise<TestPlatform> {
  const mails = await startSmtpSink();
  const port = await freePort();
  const authServiceUrl = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    [join(root, 'dist/server/apps/auth-service/src/main.js')],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        SMTP_URL: mails.url,
        MERIDIAN_MODE: 'local',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        PUBLIC_BASE_URL,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  await eventually(async () => (await fetch(`${authServiceUrl}/api/auth/v1/health`).catch(() => null))?.ok, {
    what: 'the auth service to start',
    timeoutMs: 60_000,
  });

  return {
    ...authFactories(authServiceUrl, mails, PUBLIC_BASE_URL),
    authServiceUrl,
    mails,
    async stop() {
      await new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      });
      await mails.close();
    },
  };
}
