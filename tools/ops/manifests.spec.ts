// Keeps k8s/ and docker/ valid by reading them: no cluster or container engine needed.
// Run: npx jest -c jest.unit.config.cjs tools/ops
import { readFileSync } from 'node:fs';
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

  it('migrate every service in the Job with MIGRATE_ONLY=true', () => {
    expect(checkMigrationJob(objects)).toEqual([]);
  });

  it('keep secrets in the Secret as placeholders and the ConfigMap usable', () => {
    expect(checkConfig(objects)).toEqual([]);
  });
});

describe('docker files', () => {
  it('compose parses, lists the platform and builds from Dockerfiles that exist', () => {
    expect(checkCompose(loadCompose())).toEqual([]);
  });

  it('service Dockerfile has a non-root target per service with its port and health path', () => {
    expect(checkServiceDockerfile(read('docker/service.Dockerfile'))).toEqual([]);
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
