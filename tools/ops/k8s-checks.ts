// Checks for k8s/*.yaml. Each returns a list of problems (empty when all is
// well), so the spec shows them all at once and can feed in broken copies to
// prove a check bites.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { NAMESPACE, PUBLIC_ROUTES, ROOT, SERVICES, WEB } from './platform';

// ---- shapes (only the fields the checks read) --------------------------------
type Labels = Record<string, string>;
interface Probe {
  httpGet?: { path?: string; port?: number | string };
  periodSeconds?: number;
  failureThreshold?: number;
}
export interface Container {
  name: string;
  image?: string;
  command?: string[];
  ports?: { name?: string; containerPort: number }[];
  env?: { name: string; value?: string }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  startupProbe?: Probe;
  resources?: { requests?: Labels; limits?: Labels };
  lifecycle?: { preStop?: { exec?: { command?: string[] }; sleep?: { seconds: number } } };
  securityContext?: { readOnlyRootFilesystem?: boolean; allowPrivilegeEscalation?: boolean };
  volumeMounts?: { name: string; mountPath: string }[];
}
interface PodSpec {
  containers: Container[];
  initContainers?: Container[];
  terminationGracePeriodSeconds?: number;
  securityContext?: { runAsNonRoot?: boolean; runAsUser?: number; fsGroup?: number };
  volumes?: { name: string; emptyDir?: object; persistentVolumeClaim?: { claimName: string } }[];
}
export interface K8sObject {
  apiVersion?: string;
  kind?: string;
  metadata?: { name?: string; namespace?: string };
  data?: Labels;
  stringData?: Labels;
  spec?: {
    selector?: Labels & { matchLabels?: Labels };
    template?: { metadata?: { labels?: Labels }; spec: PodSpec };
    ports?: { name?: string; port: number; targetPort?: number | string }[];
    rules?: { http?: { paths: IngressPath[] } }[];
    replicas?: number;
    // HorizontalPodAutoscaler
    scaleTargetRef?: { apiVersion?: string; kind: string; name: string };
    minReplicas?: number;
    maxReplicas?: number;
    metrics?: { type: string; resource?: { name: string; target: { type: string } } }[];
    // PodDisruptionBudget
    minAvailable?: number | string;
    maxUnavailable?: number | string;
    // PersistentVolumeClaim
    accessModes?: string[];
  };
}
interface IngressPath {
  path: string;
  pathType: string;
  backend: { service?: { name: string; port: { number?: number; name?: string } } };
}
export interface Located {
  file: string;
  object: K8sObject;
}

// ---- Kubernetes ---------------------------------------------------------------
/** Every k8s/*.yaml, every document in it. Parse errors come back as problems. */
export function loadK8s(dir = join(ROOT, 'k8s')): { objects: Located[]; problems: string[] } {
  const objects: Located[] = [];
  const problems: string[] = [];
  const files = readdirSync(dir).filter((f) => f.endsWith('.yaml') || f.endsWith('.yml'));
  if (files.length === 0) problems.push(`${dir}: no manifests`);
  for (const file of files.sort()) {
    for (const doc of parseAllDocuments(readFileSync(join(dir, file), 'utf8'))) {
      for (const issue of [...doc.errors, ...doc.warnings]) problems.push(`${file}: ${issue.message}`);
      const object = doc.toJS() as K8sObject | null;
      if (object !== null) objects.push({ file, object });
    }
  }
  return { objects, problems };
}

const CLUSTER_SCOPED = new Set(['Namespace']);

export function checkBasics(objects: Located[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const { file, object } of objects) {
    const name = object.metadata?.name;
    if (!object.apiVersion) problems.push(`${file}: a document has no apiVersion`);
    if (!object.kind) problems.push(`${file}: a document has no kind`);
    if (!name) problems.push(`${file}: a ${object.kind ?? 'document'} has no metadata.name`);
    if (object.kind && !CLUSTER_SCOPED.has(object.kind) && object.metadata?.namespace !== NAMESPACE) {
      problems.push(`${file}: ${object.kind}/${name} is not in namespace ${NAMESPACE}`);
    }
    const key = `${object.kind}/${name}`;
    if (seen.has(key)) problems.push(`${file}: ${key} is defined twice`);
    seen.add(key);
  }
  return problems;
}

export const find = (objects: Located[], kind: string, name: string) =>
  objects.find((o) => o.object.kind === kind && o.object.metadata?.name === name)?.object;

/** The container port a Service targetPort or probe port points at, by number or by name. */
function resolvePort(container: Container, port: number | string | undefined): number | undefined {
  if (typeof port === 'number')
    return container.ports?.some((p) => p.containerPort === port) ? port : undefined;
  return container.ports?.find((p) => p.name === port)?.containerPort;
}

function checkContainer(where: string, c: Container, objects: Located[]): string[] {
  const problems: string[] = [];
  for (const kind of ['requests', 'limits'] as const) {
    for (const resource of ['cpu', 'memory']) {
      if (c.resources?.[kind]?.[resource] === undefined) problems.push(`${where}: no ${kind}.${resource}`);
    }
  }
  for (const from of c.envFrom ?? []) {
    if (from.configMapRef && !find(objects, 'ConfigMap', from.configMapRef.name)) {
      problems.push(`${where}: envFrom ConfigMap ${from.configMapRef.name} is not defined`);
    }
    if (from.secretRef && !find(objects, 'Secret', from.secretRef.name)) {
      problems.push(`${where}: envFrom Secret ${from.secretRef.name} is not defined`);
    }
  }
  return problems;
}

/** Deployment + Service of one workload: ports line up, probes hit the health path. */
export function checkWorkload(
  objects: Located[],
  name: string,
  expected: { containerPort: number; servicePort?: number; health?: string },
): string[] {
  const deployment = find(objects, 'Deployment', name);
  const service = find(objects, 'Service', name);
  if (!deployment) return [`Deployment ${name} is missing`];
  if (!service) return [`Service ${name} is missing`];
  const problems: string[] = [];
  const podLabels = deployment.spec?.template?.metadata?.labels ?? {};
  const matches = (selector: Labels | undefined) =>
    !!selector &&
    Object.keys(selector).length > 0 &&
    Object.entries(selector).every(([k, v]) => podLabels[k] === v);
  if (!matches(deployment.spec?.selector?.matchLabels))
    problems.push(`Deployment ${name}: selector does not match its pods`);
  const { matchLabels: _unused, ...serviceSelector } = service.spec?.selector ?? {};
  if (!matches(serviceSelector))
    problems.push(`Service ${name}: selector does not match the Deployment's pods`);

  const container = deployment.spec?.template?.spec.containers.find((c) => c.name === name);
  if (!container) return [...problems, `Deployment ${name}: no container named ${name}`];
  problems.push(...checkContainer(`Deployment ${name}`, container, objects));
  if (!container.ports?.some((p) => p.containerPort === expected.containerPort)) {
    problems.push(`Deployment ${name}: containerPort is not ${expected.containerPort}`);
  }
  const envPort = container.env?.find((e) => e.name === 'PORT')?.value;
  if (expected.health && envPort !== String(expected.containerPort)) {
    problems.push(`Deployment ${name}: env PORT is ${envPort}, expected ${expected.containerPort}`);
  }
  for (const port of service.spec?.ports ?? []) {
    const target = port.targetPort ?? port.port;
    if (resolvePort(container, target) !== expected.containerPort) {
      problems.push(
        `Service ${name}: targetPort ${target} is not a container port of ${name} (expected ${expected.containerPort})`,
      );
    }
  }
  if (
    expected.servicePort !== undefined &&
    !service.spec?.ports?.some((p) => p.port === expected.servicePort)
  ) {
    problems.push(`Service ${name}: does not expose port ${expected.servicePort}`);
  }
  for (const probe of ['readinessProbe', 'livenessProbe'] as const) {
    if (!container[probe]) problems.push(`Deployment ${name}: no ${probe}`);
  }
  for (const probe of ['readinessProbe', 'livenessProbe', 'startupProbe'] as const) {
    const http = container[probe]?.httpGet;
    if (!http) continue;
    if (expected.health && http.path !== expected.health) {
      problems.push(`Deployment ${name}: ${probe} path ${http.path} is not ${expected.health}`);
    }
    const resolved = resolvePort(container, http.port);
    if (resolved !== expected.containerPort) {
      problems.push(
        `Deployment ${name}: ${probe} port ${http.port} resolves to ${resolved}, expected ${expected.containerPort}`,
      );
    }
  }
  return problems;
}

/** Exactly the four prefixes and the public routes to their services and `/` to web, each on a port the Service has. */
export function checkIngress(objects: Located[]): string[] {
  const ingresses = objects.filter((o) => o.object.kind === 'Ingress');
  if (ingresses.length !== 1) return [`expected one Ingress, found ${ingresses.length}`];
  const paths = ingresses[0].object.spec?.rules?.flatMap((r) => r.http?.paths ?? []) ?? [];
  const expected = new Map([
    ...SERVICES.map((s) => [s.prefix, s.name] as const),
    ...PUBLIC_ROUTES.map((r) => [r.prefix, r.name] as const),
    ['/', WEB.name],
  ]);
  const problems: string[] = [];
  const found = paths.map((p) => p.path).sort();
  if (JSON.stringify(found) !== JSON.stringify([...expected.keys()].sort())) {
    problems.push(`Ingress routes ${found.join(', ')}; expected ${[...expected.keys()].sort().join(', ')}`);
  }
  for (const path of paths) {
    const backend = path.backend.service;
    if (path.pathType !== 'Prefix')
      problems.push(`Ingress ${path.path}: pathType is ${path.pathType}, not Prefix`);
    if (backend?.name !== expected.get(path.path)) {
      problems.push(`Ingress ${path.path}: goes to ${backend?.name}, expected ${expected.get(path.path)}`);
    }
    const service = backend && find(objects, 'Service', backend.name);
    const ok = service?.spec?.ports?.some(
      (p) => p.port === backend?.port.number || (!!p.name && p.name === backend?.port.name),
    );
    if (!ok)
      problems.push(
        `Ingress ${path.path}: Service ${backend?.name} has no port ${JSON.stringify(backend?.port)}`,
      );
  }
  return problems;
}

/** The migration Job runs each service's image with MIGRATE_ONLY=true. */
export function checkMigrationJob(objects: Located[]): string[] {
  const jobs = objects.filter((o) => o.object.kind === 'Job');
  if (jobs.length !== 1) return [`expected one migration Job, found ${jobs.length}`];
  const pod = jobs[0].object.spec?.template?.spec;
  const containers = [...(pod?.initContainers ?? []), ...(pod?.containers ?? [])];
  const problems = containers.flatMap((c) => checkContainer(`Job container ${c.name}`, c, objects));
  for (const service of SERVICES) {
    const step = containers.find((c) => c.image?.includes(`/${service.name}:`) && !c.command);
    if (!step) problems.push(`migration Job: no step runs the ${service.name} image`);
    else if (step.env?.find((e) => e.name === 'MIGRATE_ONLY')?.value !== 'true') {
      problems.push(`migration Job: ${step.name} does not set MIGRATE_ONLY=true`);
    }
  }
  return problems;
}

/** Settings that are secrets wherever they are set: never in the ConfigMap. */
const SECRET_KEYS = [
  'DATABASE_URL',
  'CREDENTIALS_ENCRYPTION_KEYS',
  'SMTP_URL',
  'SMTP_PASSWORD',
  'SES_SECRET_ACCESS_KEY',
  'SALESFORCE_CLIENT_SECRET',
];
/** What a production start needs from the Secret (the image start test fills each placeholder). */
const REQUIRED_SECRETS = ['DATABASE_URL', 'CREDENTIALS_ENCRYPTION_KEYS'];

/** Secrets only in the Secret, and only as placeholders; the ConfigMap fits the services. */
export function checkConfig(objects: Located[]): string[] {
  const config = objects.find((o) => o.object.kind === 'ConfigMap')?.object.data ?? {};
  const secrets = objects.filter((o) => o.object.kind === 'Secret');
  const problems: string[] = [];
  for (const key of SECRET_KEYS) if (key in config) problems.push(`ConfigMap holds the secret ${key}`);
  for (const [key, value] of Object.entries(config))
    if (value === '') problems.push(`ConfigMap ${key} is empty`);
  if (config.HOST !== '0.0.0.0') problems.push(`ConfigMap HOST is ${config.HOST}, expected 0.0.0.0`);
  // Where services call each other: the Services of the namespace, not the local defaults.
  for (const [key, service] of [
    ['AUTH_SERVICE_URL', SERVICES[0]],
    ['CAMPAIGN_SERVICE_URL', SERVICES.find((s) => s.name === 'campaign-service')!],
  ] as const) {
    if (config[key] !== `http://${service.name}:${service.port}`)
      problems.push(`ConfigMap ${key} ${config[key]} is not the ${service.name} Service`);
  }
  for (const { object } of secrets) {
    const values = { ...object.data, ...object.stringData };
    for (const key of REQUIRED_SECRETS) {
      if (!(key in values)) problems.push(`Secret ${object.metadata?.name} has no ${key}`);
    }
    for (const [key, value] of Object.entries(values)) {
      if (!String(value).includes('CHANGE-ME')) problems.push(`Secret ${key} is not a CHANGE-ME placeholder`);
    }
  }
  return problems;
}
