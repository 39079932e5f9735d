import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually, type TestPlatform, freePort } from '@meridian/testing';

const root = join(__dirname, '..', '..', '..', '..');

export interface CampaignProcess {
  url: string;
  stop(): Promise<void>;
}

/**
 * The campaign service as a real process (the built server code) on the test's database, so the
 * rows a sync publishes land through its contactsSynced consumer and its answers come back.
 */
export async function startCampaignProcess(
  databaseUrl: string,
  platform: TestPlatform,
): Promise<CampaignProcess> {
  const port = await freePort();
  const uploadDir = await mkdtemp(join(tmpdir(), 'sync-campaign-'));
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    [join(root, 'dist/server/apps/campaign-service/src/main.js')],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        AUTH_SERVICE_URL: platform.authServiceUrl,
        SMTP_URL: platform.mails.url,
        MERIDIAN_MODE: 'local',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        UPLOAD_DIR: uploadDir,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  await eventually(async () => (await fetch(`${url}/api/campaign/v1/health`).catch(() => null))?.ok, {
    what: 'the campaign service to start',
    timeoutMs: 90_000,
  });
  return {
    url,
    async stop() {
      await new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      });
      await rm(uploadDir, { recursive: true, force: true });
    },
  };
}
