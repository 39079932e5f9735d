// No container engine runs here, so the service images are checked as far as a process can be:
// the files their runtime stage copies (built server, production dependencies only) are laid out
// as the image's /app, and each Kubernetes workload is started from them with exactly its image's
// command and the environment Kubernetes would give it (image ENV, ConfigMap, Secret, env), on a
// real Postgres. The migration Job's steps must exit 0; each Deployment must answer its probes and
// the image's HEALTHCHECK, then stop on SIGTERM with exit 0 inside its grace period.
// Run: npx jest -c jest.int.config.cjs tools/ops
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, eventually, type TestDatabase, freePort } from '@meridian/testing';
import { type Container, loadK8s } from './k8s-checks';
import {
  assembleServiceImage,
  containerEnv,
  imageTarget,
  imageTargetOf,
  SERVICE_DOCKERFILE,
} from './image-root';
import { ROOT } from './platform';

const { objects } = loadK8s();
const pods = objects.filter((o) => o.object.kind === 'Deployment' || o.object.kind === 'Job');
const serviceDeployments = objects
  .filter((o) => o.object.kind === 'Deployment')
  .map((o) => o.object)
  .filter((d) => d.spec?.template?.spec.containers[0].image?.includes('-service:'));
const job = pods.find((o) => o.object.kind === 'Job')!.object;

/** Values for the Secret's placeholders, one per key it lists: a key without one fails the test. */
function testSecrets(db: TestDatabase): Record<string, string> {
  return {
    DATABASE_URL: db.url,
    CREDENTIALS_ENCRYPTION_KEYS: `test:${randomBytes(32).toString('base64')}`,
    SMTP_URL: 'smtp://127.0.0.1:1',
  };
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

describe('service images, started from their built files as Kubernetes runs them', () => {
  let image: { dir: string; remove: () => void };
  let db: TestDatabase;
  let volumes: string;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    image = assembleServiceImage();
    // Empty: the migration Job below is what migrates it.
    db = await createTestDatabase('meridian_test', { empty: true });
    volumes = mkdtempSync(join(tmpdir(), 'meridian-volumes-'));
  });

  afterAll(async () => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    image?.remove();
    if (volumes) rmSync(volumes, { recursive: true, force: true });
    await db?.drop();
  });

  /** The container's process: the image's CMD in its WORKDIR, with only the environment Kubernetes builds. */
  function start(container: Container, port?: number): Started {
    const target = imageTargetOf(container.image);
    if (!target) throw new Error(`${container.name}: image ${container.image} names no build target`);
    const built = imageTarget(target);
    expect(built.workdir).toBe('/app');
    const env = containerEnv(objects, container, built.env);
    const secrets = testSecrets(db);
    for (const key of Object.keys(env)) if (/CHANGE-ME/.test(env[key])) env[key] = secrets[key];
    for (const [key, value] of Object.entries(env)) {
      if (value === undefined) throw new Error(`no test value for the Secret's ${key}`);
      // A mounted volume's path points into a folder of this test instead.
      for (const mount of container.volumeMounts ?? []) {
        if (value.startsWith(`${mount.mountPath}/`) || value === mount.mountPath)
          env[key] = join(volumes, mount.name, value.slice(mount.mountPath.length));
      }
    }
    // No broker in this tier (the kafka tier proves the event transport on one): events use Postgres.
    delete env.KAFKA_BROKERS;
    if (port !== undefined) env.PORT = String(port);
    const [command, ...args] = built.command;
    expect(command).toBe('node');
    const child = spawn(process.execPath, args, { cwd: image.dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('close', (code, signal) => resolve({ code, signal })),
    );
    return { child, output: () => output, exited };
  }

  /** Exit within the deadline, or SIGKILL (as the kubelet does) and report what it printed. */
  async function exitWithin(started: Started, seconds: number, what: string) {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<'late'>(
      (resolve) => (timer = setTimeout(() => resolve('late'), seconds * 1000)),
    );
    const result = await Promise.race([started.exited, deadline]);
    clearTimeout(timer);
    if (result === 'late') {
      started.child.kill('SIGKILL');
      throw new Error(`${what} did not exit within ${seconds} s:\n${started.output()}`);
    }
    return result;
  }

  it('lays out what the runtime stage copies, so the test runs what the image holds', () => {
    // assembleServiceImage copies these three; a new COPY in the image must be added there too.
    for (const deployment of serviceDeployments) {
      const target = imageTargetOf(deployment.spec!.template!.spec.containers[0].image)!;
      expect(imageTarget(target).copies).toEqual([
        { source: '/app/node_modules', to: './node_modules', from: 'prod-deps' },
        { source: 'package.json', to: './', from: '' },
        { source: '/app/dist/server', to: './dist/server', from: 'build' },
      ]);
    }
  });

  it('the migration Job: each step runs its service image with MIGRATE_ONLY and exits 0, in order', async () => {
    const pod = job.spec!.template!.spec;
    const steps = (pod.initContainers ?? []).filter((c) => imageTargetOf(c.image));
    expect(steps.length).toBeGreaterThan(0);
    for (const step of steps) {
      const run = start(step, await freePort());
      const { code } = await exitWithin(run, 120, step.name);
      if (code !== 0) throw new Error(`${step.name} exited ${code}:\n${run.output()}`);
      expect(run.output()).toMatch(/migrated; exiting \(MIGRATE_ONLY\)/);
    }
  }, 600_000);

  it.each(serviceDeployments.map((d) => [d.metadata!.name!, d] as const))(
    'Deployment %s: starts with its image command, answers its probes and HEALTHCHECK, exits 0 on SIGTERM in its grace period',
    async (name, deployment) => {
      const pod = deployment.spec!.template!.spec;
      const container = pod.containers[0];
      const port = await freePort();
      const started = start(container, port);
      const startup = container.startupProbe!;
      const paths = [container.startupProbe, container.readinessProbe, container.livenessProbe].map(
        (probe) => probe!.httpGet!.path,
      );
      for (const path of new Set(paths)) {
        await eventually(
          async () => {
            if (started.child.exitCode !== null) throw new Error(`${name} exited:\n${started.output()}`);
            return (await fetch(`http://127.0.0.1:${port}${path}`).catch(() => null))?.status === 200;
          },
          {
            what: `${name} to answer ${path}`,
            timeoutMs: startup.periodSeconds! * startup.failureThreshold! * 1000,
          },
        );
      }

      // The image's own HEALTHCHECK, run as Docker would: in the container's environment.
      const target = imageTargetOf(container.image)!;
      const healthcheck = healthcheckOf(target);
      const check = spawnSync(process.execPath, healthcheck.slice(1), {
        env: { ...imageTarget(target).env, PORT: String(port) },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect({ status: check.status, stderr: check.stderr }).toEqual({ status: 0, stderr: '' });

      // The kubelet runs preStop, then sends SIGTERM; what is left of the grace period is the limit.
      const preStop = Number(container.lifecycle?.preStop?.exec?.command?.at(-1) ?? 0);
      const grace = (pod.terminationGracePeriodSeconds ?? 30) - preStop;
      started.child.kill('SIGTERM');
      const result = await exitWithin(started, grace, name);
      if (result.code !== 0) throw new Error(`${name} ended ${JSON.stringify(result)}:\n${started.output()}`);
    },
    300_000,
  );
});

/** The HEALTHCHECK command of a service target (exec form). */
function healthcheckOf(target: string): string[] {
  const text = readFileSync(join(ROOT, SERVICE_DOCKERFILE), 'utf8').replace(/\\\r?\n/g, ' ');
  const line = /^HEALTHCHECK\s.*?\sCMD\s+(\[.*\])\s*$/m.exec(text);
  if (!line) throw new Error(`${SERVICE_DOCKERFILE}: no exec-form HEALTHCHECK for ${target}`);
  const command = JSON.parse(line[1]) as string[];
  expect(command[0]).toBe('node');
  return command;
}
