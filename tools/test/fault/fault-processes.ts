import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import { healthContracts } from '@meridian/contracts';
import { eventually } from '@meridian/testing';

const root = join(__dirname, '..', '..', '..');
export const CAMPAIGN_MAIN = join(root, 'dist/server/apps/campaign-service/src/main.js');
/** The application_name of every connection the campaign service opens (pool, jobs, outbox relay). */
export const APP_NAME_PREFIX = 'meridian-campaign';
/** The same for the integrations service (the warehouse sync's runner, its events and jobs). */
export const INTEGRATIONS_APP_NAME_PREFIX = 'meridian-integrations';

/** The built services the tier runs as processes of their own. */
export type ServiceName = 'campaign' | 'integrations' | 'reports' | 'auth';
const MAIN: Record<ServiceName, string> = {
  auth: join(root, 'dist/server/apps/auth-service/src/main.js'),
  campaign: CAMPAIGN_MAIN,
  integrations: join(root, 'dist/server/apps/integrations-service/src/main.js'),
  reports: join(root, 'dist/server/apps/reports-service/src/main.js'),
};

const running = new Set<ChildProcess>();

/** Ends every service process the tier started (an interrupted run leaves none behind). */
export function killAllServices(): void {
  for (const child of running) child.kill('SIGKILL');
}

/**
 * One process of a BUILT service (dist/server, as `npm start` runs it; the campaign service
 * unless named), with its output kept in a log file of the seed. kill9() is the crash the tier
 * injects; start() brings up a fresh process under the same name, as an orchestrator would.
 */
export class ServiceProcess {
  private child: ChildProcess | null = null;
  private log: WriteStream;
  starts = 0;
  /** Exits nobody asked for (a crash of its own); the tier starts it again and reports them. */
  crashes = 0;
  private stopping = false;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
    logDir: string,
    readonly service: ServiceName = 'campaign',
  ) {
    this.log = createWriteStream(join(logDir, `${name}.log`), { flags: 'a' });
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get alive(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  start(): void {
    this.starts++;
    this.stopping = false;
    this.log.write(`\n--- start ${this.starts} at ${new Date().toISOString()} ---\n`);
    const child = spawn(process.execPath, ['--enable-source-maps', MAIN[this.service]], {
      env: {
        ...process.env,
        ...this.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.pipe(this.log, { end: false });
    child.stderr?.pipe(this.log, { end: false });
    running.add(child);
    child.once('exit', (code, signal) => {
      running.delete(child);
      this.log.write(`--- exit ${code ?? signal} ---\n`);
    });
    this.child = child;
  }

  /** Answers its health call (HTTP roles only). */
  async ready(timeoutMs = 90_000): Promise<void> {
    await eventually(
      async () => {
        if (!this.alive) throw new Error(`${this.name} exited during start (see its log)`);
        return (await fetch(`${this.url}${healthContracts[this.service].fullPath}`).catch(() => null))?.ok;
      },
      { what: `${this.name} to answer its health call`, timeoutMs, intervalMs: 200 },
    );
  }

  /** The crash: SIGKILL, nothing flushed, no shutdown hooks. */
  async kill9(): Promise<void> {
    await this.stopWith('SIGKILL');
  }

  async stop(): Promise<void> {
    await this.stopWith('SIGTERM');
    await new Promise<void>((resolve) => this.log.end(resolve));
  }

  /** Dead although nobody stopped it. */
  get crashed(): boolean {
    return this.starts > 0 && !this.stopping && !this.alive;
  }

  private async stopWith(signal: NodeJS.Signals): Promise<void> {
    this.stopping = true;
    const child = this.child;
    if (!child || !this.alive) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill(signal);
    });
  }
}
