// Keeps k8s/ and docker/ valid by reading them: no cluster or container engine needed.
// Run: npx jest -c jest.unit.config.cjs tools/ops
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  checkCompose,
  checkImageStage,
  checkNginx,
  checkServiceDockerfile,
  type ComposeFile,
  dockerStages,
  loadCompose,
} from './docker-checks';
import {
  checkBasics,
  checkConfig,
  checkIngress,
  checkMigrationJob,
  checkWorkload,
  type K8sObject,
  loadK8s,
  type Located,
} from './k8s-checks';
import { SERVICES as GATEWAY_SERVICES } from '../launcher/services.mjs';
import {
  checkAutoscaling,
  checkDisruptionBudgets,
  checkGracefulShutdown,
  checkPodSecurity,
  checkSharedVolumes,
} from './k8s-workload-checks';
import { ROOT, SERVICES, WEB, WORKERS } from './platform';

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const clone = <T>(value: T): T => structuredClone(value);
const { objects, problems: parseProblems } = loadK8s();

const workloadProblems = (all: Located[]) => [
  ...SERVICES.flatMap((s) =>
    checkWorkload(all, s.name, { containerPort: s.port, servicePort: s.port, health: s.health }),
  ),
  ...checkWorkload(all, WEB.name, { containerPort: WEB.containerPort, servicePort: 80 }),
];

function objectOf(all: Located[], kind: string, name: string): K8sObject {
  const found = all.find((o) => o.object.kind === kind && o.object.metadata?.name === name);
  if (!found) throw new Error(`${kind}/${name} not found`);
  return found.object;
}

describe('k8s manifests', () => {
  it('parse, every document with apiVersion, kind and metadata.name in the meridian namespace', () => {
    expect(parseProblems).toEqual([]);
    expect(checkBasics(objects)).toEqual([]);
  });

  it('have a Deployment and Service per service and for web, ports and probes lined up', () => {
    expect(workloadProblems(objects)).toEqual([]);
    const known = new Set([...SERVICES.map((s) => s.name), WEB.name, ...WORKERS.map((w) => w.name)]);
    const deployments = objects
      .filter((o) => o.object.kind === 'Deployment')
      .map((o) => o.object.metadata?.name);
    expect(deployments.filter((name) => !known.has(name ?? ''))).toEqual([]);
  });

  it('run each worker Deployment from its service image in the worker role, the service in the http role', () => {
    const container = (name: string) =>
      objects.find((o) => o.object.kind === 'Deployment' && o.object.metadata?.name === name)?.object.spec
        ?.template?.spec.containers[0];
    const role = (name: string) => container(name)?.env?.find((e) => e.name === 'SERVICE_ROLE')?.value;
    for (const worker of WORKERS) {
      expect(container(worker.name)?.image).toBe(container(worker.service)?.image);
      expect([role(worker.name), role(worker.service)]).toEqual(['worker', 'http']);
    }
  });

  it('route exactly the four API prefixes and the catch-all to web in the Ingress', () => {
    expect(checkIngress(objects)).toEqual([]);
  });

  it('route the same prefixes to the same services as the local gateway (tools/launcher), in the Ingress and in nginx', () => {
    const gateway = GATEWAY_SERVICES.flatMap((s) => s.prefixes.map((prefix) => [prefix, s.name]));
    const paths = objectOf(objects, 'Ingress', 'meridian').spec!.rules!.flatMap((r) => r.http!.paths);
    expect(paths.map((p) => [p.path, p.backend.service?.name]).sort()).toEqual(
      [...gateway, ['/', WEB.name]].sort(),
    );
    const nginx = read('docker/nginx.conf').replace(/#.*$/gm, '');
    for (const [prefix, name] of gateway) {
      const upstream = new RegExp(`location\\s+${prefix}/\\s*\\{\\s*proxy_pass\\s+http://(\\w+);`).exec(
        nginx,
      )?.[1];
      const server = new RegExp(`upstream\\s+${upstream}\\s*\\{\\s*server\\s+([\\w-]+):`).exec(nginx)?.[1];
      expect({ prefix, server }).toEqual({ prefix, server: name });
    }
  });

  it('migrate every service in the Job with MIGRATE_ONLY=true', () => {
    expect(checkMigrationJob(objects)).toEqual([]);
  });

  it('keep secrets in the Secret as placeholders and the ConfigMap usable', () => {
    expect(checkConfig(objects)).toEqual([]);
  });

  it('scale every Deployment with an autoscaling/v2 HPA on CPU and keep one pod at a time drainable', () => {
    expect(checkAutoscaling(objects)).toEqual([]);
    expect(checkDisruptionBudgets(objects)).toEqual([]);
  });

  it('give every Deployment the time its service needs to stop after SIGTERM, after a preStop wait when served', () => {
    expect(checkGracefulShutdown(objects)).toEqual([]);
  });

  it('run pods as non-root on a read-only root, with config from the ConfigMap and Secret and shared volumes ReadWriteMany', () => {
    expect(checkPodSecurity(objects)).toEqual([]);
    expect(checkSharedVolumes(objects)).toEqual([]);
  });
});

describe('docker files', () => {
  it('compose parses, lists the platform and builds from Dockerfiles that exist', () => {
    expect(checkCompose(loadCompose())).toEqual([]);
  });

  it('service Dockerfile has a non-root target per service with its port and health path', () => {
    expect(checkServiceDockerfile(read('docker/service.Dockerfile'))).toEqual([]);
  });

  it('names only repository files that exist (a renamed file breaks an image nobody builds here)', () => {
    for (const file of ['docker/service.Dockerfile', 'docker/web.Dockerfile']) {
      const named = read(file)
        .split('\n')
        .filter((line) => !line.trimStart().startsWith('#'))
        .flatMap((line) => line.match(/(?<![\w./-])(?:apps|libs|tools|docker)\/[\w./-]*\.\w+/g) ?? []);
      expect({ file, missing: named.filter((path) => !existsSync(join(ROOT, path))) }).toEqual({
        file,
        missing: [],
      });
    }
  });

  it('web Dockerfile builds on Node 20 and serves with nginx as non-root with a health check', () => {
    const stages = dockerStages(read('docker/web.Dockerfile'));
    expect(stages.filter((s) => s.from.startsWith('node:')).map((s) => s.from)).toEqual([
      'node:20-bookworm-slim',
    ]);
    expect(stages.at(-1)?.from).toMatch(/nginx/);
    expect(checkImageStage('web', stages, stages.at(-1)!)).toEqual([]);
  });

  it('nginx.conf proxies the four prefixes to their services, falls back to the SPA and sends the security headers', () => {
    expect(checkNginx(read('docker/nginx.conf'))).toEqual([]);
  });
});

describe('the checks themselves', () => {
  const auth = SERVICES[0];

  it('catch a container port that does not match the Service', () => {
    const broken = clone(objects);
    objectOf(broken, 'Deployment', auth.name).spec!.template!.spec.containers[0].ports![0].containerPort =
      3199;
    expect(workloadProblems(broken).join('\n')).toMatch(/auth-service/);
  });

  it('catch a probe on the wrong health path', () => {
    const broken = clone(objects);
    objectOf(broken, 'Deployment', auth.name).spec!.template!.spec.containers[0].readinessProbe = {
      httpGet: { path: '/api/campaign/v1/health', port: 'http' },
    };
    expect(workloadProblems(broken)).toContain(
      `Deployment ${auth.name}: readinessProbe path /api/campaign/v1/health is not ${auth.health}`,
    );
  });

  it('catch an Ingress that misses a prefix or sends one to the wrong service', () => {
    const missing = clone(objects);
    const paths = objectOf(missing, 'Ingress', 'meridian').spec!.rules![0].http!.paths;
    paths.splice(
      paths.findIndex((p) => p.path === '/api/campaign/v2'),
      1,
    );
    expect(checkIngress(missing).join('\n')).toMatch(/expected/);

    const swapped = clone(objects);
    const v2 = objectOf(swapped, 'Ingress', 'meridian').spec!.rules![0].http!.paths.find(
      (p) => p.path === '/api/campaign/v2',
    )!;
    v2.backend.service = { name: 'campaign-service', port: { number: 3103 } };
    expect(checkIngress(swapped)).toContain(
      'Ingress /api/campaign/v2: goes to campaign-service, expected reports-service',
    );
  });

  it('catch a Deployment without an HPA, one with fixed replicas, or a PDB that blocks drains', () => {
    const noHpa = clone(objects).filter(
      (o) => !(o.object.kind === 'HorizontalPodAutoscaler' && o.object.metadata?.name === 'web'),
    );
    expect(checkAutoscaling(noHpa)).toContain('Deployment web: 0 HorizontalPodAutoscalers, expected 1');

    const fixed = clone(objects);
    objectOf(fixed, 'Deployment', auth.name).spec!.replicas = 3;
    expect(checkAutoscaling(fixed).join('\n')).toMatch(/auth-service: sets replicas/);

    const blocking = clone(objects);
    const pdb = objectOf(blocking, 'PodDisruptionBudget', 'campaign-worker').spec!;
    delete pdb.maxUnavailable;
    pdb.minAvailable = 2;
    expect(checkDisruptionBudgets(blocking).join('\n')).toMatch(/campaign-worker: no pod may go/);

    const wide = clone(objects);
    // A selector on the label every pod has.
    const selector = { matchLabels: { 'app.kubernetes.io/part-of': 'meridian' } };
    objectOf(wide, 'PodDisruptionBudget', 'web').spec!.selector = selector as never;
    expect(checkDisruptionBudgets(wide).join('\n')).toMatch(/PDB web: also selects/);
  });

  it('catch a grace period shorter than the shutdown, or a served pod without preStop', () => {
    const short = clone(objects);
    objectOf(short, 'Deployment', 'campaign-worker').spec!.template!.spec.terminationGracePeriodSeconds = 10;
    expect(checkGracefulShutdown(short)).toContain(
      'Deployment campaign-worker: 10 s after SIGTERM, the service needs 25',
    );
    const abrupt = clone(objects);
    delete objectOf(abrupt, 'Deployment', auth.name).spec!.template!.spec.containers[0].lifecycle;
    expect(checkGracefulShutdown(abrupt)).toContain(
      'Deployment auth-service: behind a Service without a preStop wait',
    );
  });

  it('catch a root pod, a writable root filesystem, a service without the Secret, or per-pod uploads', () => {
    const broken = clone(objects);
    const pod = objectOf(broken, 'Deployment', 'campaign-worker').spec!.template!.spec;
    pod.securityContext!.runAsNonRoot = false;
    pod.containers[0].securityContext!.readOnlyRootFilesystem = false;
    pod.containers[0].envFrom = pod.containers[0].envFrom!.filter((f) => !f.secretRef);
    delete pod.securityContext!.fsGroup;
    const problems = checkPodSecurity(broken).join('\n');
    expect(problems).toMatch(/campaign-worker: runAsNonRoot/);
    expect(problems).toMatch(/campaign-worker has a writable root/);
    expect(problems).toMatch(/does not take the ConfigMap and the Secret/);
    expect(problems).toMatch(/without fsGroup/);

    const single = clone(objects);
    objectOf(single, 'PersistentVolumeClaim', 'meridian-uploads').spec!.accessModes = ['ReadWriteOnce'];
    expect(checkSharedVolumes(single)).toEqual([
      'PVC meridian-uploads: mounted by campaign-service, campaign-worker (replicas), not ReadWriteMany',
    ]);
  });

  it('catch a real value in the Secret', () => {
    const broken = clone(objects);
    objectOf(broken, 'Secret', 'meridian-secrets').stringData!.SESSION_SECRET = 'hunter2';
    expect(checkConfig(broken)).toContain('Secret SESSION_SECRET is not a CHANGE-ME placeholder');
  });

  it('catch a compose service built from a Dockerfile that does not exist, or on the wrong port', () => {
    const compose: ComposeFile = clone(loadCompose());
    compose.services![auth.name].build!.dockerfile = 'docker/missing.Dockerfile';
    compose.services![auth.name].environment!.PORT = 3000;
    const problems = checkCompose(compose).join('\n');
    expect(problems).toMatch(/missing\.Dockerfile does not exist/);
    expect(problems).toMatch(/auth-service: PORT 3000/);
  });

  it('catch a Dockerfile target on the wrong port or running as root', () => {
    const text = read('docker/service.Dockerfile');
    expect(checkServiceDockerfile(text.replace('PORT=3101', 'PORT=3111'))).toContain(
      'auth-service: PORT is 3111, expected 3101',
    );
    expect(checkServiceDockerfile(text.replace(/^USER .*$/m, 'USER root')).join('\n')).toMatch(
      /runs as root/,
    );
    expect(checkServiceDockerfile(text.replace('--from=prod-deps', '--from=deps')).join('\n')).toMatch(
      /node_modules with dev dependencies/,
    );
  });

  it('catch nginx serving source maps or pages without the security headers', () => {
    const text = read('docker/nginx.conf');
    expect(checkNginx(text.replace(/location ~ \S*\\.map\$/, 'location /maps/')).join('\n')).toMatch(
      /source maps/,
    );
    expect(
      checkNginx(text.replace("script-src 'self'", "script-src 'self' https://cdn.example")).join('\n'),
    ).toMatch(/CSP/);
    expect(
      checkNginx(text.replace(/add_header X-Content-Type-Options \$page_nosniff always;/, '')).join('\n'),
    ).toMatch(/X-Content-Type-Options/);
  });

  it('catch nginx sending a prefix to the wrong port', () => {
    const text = read('docker/nginx.conf').replace('server auth-service:3101;', 'server auth-service:3199;');
    expect(checkNginx(text).join('\n')).toMatch(/\/api\/auth\/v1\/ goes to upstream/);
  });
});
