// Rules for how the Deployments run: autoscaling, disruption budgets, graceful shutdown, pod
// security and config sources. Each returns a list of problems (empty when all is well).
import { type Container, find, type K8sObject, type Located } from './k8s-checks';
import { SHUTDOWN_SECONDS } from './platform';

const deployments = (objects: Located[]) =>
  objects.filter((o) => o.object.kind === 'Deployment').map((o) => o.object);
const podLabels = (deployment: K8sObject) => deployment.spec?.template?.metadata?.labels ?? {};
const selects = (selector: Record<string, string> | undefined, labels: Record<string, string>) =>
  !!selector &&
  Object.keys(selector).length > 0 &&
  Object.entries(selector).every(([k, v]) => labels[k] === v);

/** Every Deployment: one autoscaling/v2 HPA on CPU, at least two replicas, the count left to it. */
export function checkAutoscaling(objects: Located[]): string[] {
  const problems: string[] = [];
  const hpas = objects.filter((o) => o.object.kind === 'HorizontalPodAutoscaler');
  for (const deployment of deployments(objects)) {
    const name = deployment.metadata?.name;
    const mine = hpas.filter((h) => h.object.spec?.scaleTargetRef?.name === name);
    if (mine.length !== 1) {
      problems.push(`Deployment ${name}: ${mine.length} HorizontalPodAutoscalers, expected 1`);
      continue;
    }
    const hpa = mine[0].object;
    const spec = hpa.spec!;
    if (hpa.apiVersion !== 'autoscaling/v2') problems.push(`HPA ${name}: apiVersion ${hpa.apiVersion}`);
    if (spec.scaleTargetRef?.kind !== 'Deployment' || spec.scaleTargetRef.apiVersion !== 'apps/v1')
      problems.push(`HPA ${name}: does not target an apps/v1 Deployment`);
    if ((spec.minReplicas ?? 1) < 2) problems.push(`HPA ${name}: minReplicas below 2`);
    if ((spec.maxReplicas ?? 0) <= (spec.minReplicas ?? 1))
      problems.push(`HPA ${name}: maxReplicas leaves no room to scale`);
    const cpu = spec.metrics?.some(
      (m) => m.type === 'Resource' && m.resource?.name === 'cpu' && m.resource.target.type === 'Utilization',
    );
    if (!cpu) problems.push(`HPA ${name}: no CPU utilisation metric`);
    // Utilisation is measured against requests: without them the HPA cannot compute it.
    for (const c of deployment.spec?.template?.spec.containers ?? [])
      if (!c.resources?.requests?.cpu) problems.push(`Deployment ${name}: ${c.name} has no CPU request`);
    if (deployment.spec?.replicas !== undefined)
      problems.push(`Deployment ${name}: sets replicas, which every apply would reset under its HPA`);
  }
  return problems;
}

/** Every Deployment: a PDB that selects its pods only and lets one go at the HPA's minimum. */
export function checkDisruptionBudgets(objects: Located[]): string[] {
  const problems: string[] = [];
  const all = deployments(objects);
  const pdbs = objects.filter((o) => o.object.kind === 'PodDisruptionBudget').map((o) => o.object);
  for (const deployment of all) {
    const name = deployment.metadata?.name;
    const mine = pdbs.filter((p) => selects(p.spec?.selector?.matchLabels, podLabels(deployment)));
    if (mine.length !== 1) {
      problems.push(`Deployment ${name}: ${mine.length} PodDisruptionBudgets select its pods, expected 1`);
      continue;
    }
    const pdb = mine[0];
    const others = all.filter(
      (d) => d !== deployment && selects(pdb.spec?.selector?.matchLabels, podLabels(d)),
    );
    if (others.length > 0)
      problems.push(`PDB ${pdb.metadata?.name}: also selects ${others[0].metadata?.name}`);
    const { minAvailable, maxUnavailable } = pdb.spec ?? {};
    if ((minAvailable === undefined) === (maxUnavailable === undefined))
      problems.push(`PDB ${pdb.metadata?.name}: needs exactly one of minAvailable and maxUnavailable`);
    const floor = find(objects, 'HorizontalPodAutoscaler', name ?? '')?.spec?.minReplicas ?? 1;
    const blocks =
      maxUnavailable === 0 ||
      maxUnavailable === '0%' ||
      (typeof minAvailable === 'number' && minAvailable >= floor) ||
      minAvailable === '100%';
    if (blocks)
      problems.push(`PDB ${pdb.metadata?.name}: no pod may go at ${floor} replicas, drains would hang`);
  }
  return problems;
}

/** Seconds a container's preStop hook sleeps (exec `sleep N` or the sleep action). */
export function preStopSeconds(container: Container): number {
  const hook = container.lifecycle?.preStop;
  if (hook?.sleep) return hook.sleep.seconds;
  const command = hook?.exec?.command ?? [];
  return command[0] === 'sleep' ? Number(command[1]) : 0;
}

/**
 * Deployments behind a Service wait in preStop until the endpoints drop them; every Deployment's
 * grace period leaves the service its shutdown time after that.
 */
export function checkGracefulShutdown(objects: Located[]): string[] {
  const problems: string[] = [];
  const services = objects.filter((o) => o.object.kind === 'Service').map((o) => o.object);
  for (const deployment of deployments(objects)) {
    const name = deployment.metadata?.name;
    const pod = deployment.spec?.template?.spec;
    const container = pod?.containers[0];
    if (!pod || !container) continue;
    const served = services.some((s) => {
      const { matchLabels: _unused, ...selector } = s.spec?.selector ?? {};
      return selects(selector, podLabels(deployment));
    });
    const preStop = preStopSeconds(container);
    if (served && preStop < 5) problems.push(`Deployment ${name}: behind a Service without a preStop wait`);
    const grace = pod.terminationGracePeriodSeconds ?? 30;
    const needs = container.image?.includes('-service:') ? SHUTDOWN_SECONDS : 5;
    if (grace - preStop < needs)
      problems.push(`Deployment ${name}: ${grace - preStop} s after SIGTERM, the service needs ${needs}`);
  }
  return problems;
}

/** Pods run as non-root, read-only root, no privilege escalation; config from the ConfigMap and Secret. */
export function checkPodSecurity(objects: Located[]): string[] {
  const problems: string[] = [];
  for (const { object } of objects) {
    if (object.kind !== 'Deployment' && object.kind !== 'Job') continue;
    const name = `${object.kind} ${object.metadata?.name}`;
    const pod = object.spec?.template?.spec;
    if (!pod) continue;
    if (!pod.securityContext?.runAsNonRoot) problems.push(`${name}: runAsNonRoot is not set`);
    if (!pod.securityContext?.runAsUser) problems.push(`${name}: no numeric runAsUser`);
    const claims = (pod.volumes ?? []).filter((v) => v.persistentVolumeClaim);
    if (claims.length > 0 && pod.securityContext?.fsGroup === undefined)
      problems.push(`${name}: mounts a claim without fsGroup, the non-root user cannot write it`);
    for (const claim of claims) {
      const pvc = find(objects, 'PersistentVolumeClaim', claim.persistentVolumeClaim!.claimName);
      if (!pvc) problems.push(`${name}: claim ${claim.persistentVolumeClaim!.claimName} is not defined`);
    }
    for (const c of [...(pod.initContainers ?? []), ...pod.containers]) {
      if (c.securityContext?.readOnlyRootFilesystem !== true)
        problems.push(`${name}: ${c.name} has a writable root filesystem`);
      if (c.securityContext?.allowPrivilegeEscalation !== false)
        problems.push(`${name}: ${c.name} allows privilege escalation`);
      const mounts = new Set((c.volumeMounts ?? []).map((m) => m.mountPath));
      if (c.securityContext?.readOnlyRootFilesystem && !mounts.has('/tmp'))
        problems.push(`${name}: ${c.name} has no writable /tmp`);
      if (c.image?.includes('-service:') && !c.command) {
        const from = c.envFrom ?? [];
        if (!from.some((f) => f.configMapRef) || !from.some((f) => f.secretRef))
          problems.push(`${name}: ${c.name} does not take the ConfigMap and the Secret (envFrom)`);
      }
    }
  }
  return problems;
}

/** A claim that several pods mount at once (the uploads) must be ReadWriteMany. */
export function checkSharedVolumes(objects: Located[]): string[] {
  const users = new Map<string, string[]>();
  for (const deployment of deployments(objects)) {
    for (const volume of deployment.spec?.template?.spec.volumes ?? []) {
      const claim = volume.persistentVolumeClaim?.claimName;
      if (claim) users.set(claim, [...(users.get(claim) ?? []), deployment.metadata?.name ?? '']);
    }
  }
  return [...users.keys()]
    .filter(
      (claim) => !find(objects, 'PersistentVolumeClaim', claim)?.spec?.accessModes?.includes('ReadWriteMany'),
    )
    .map((claim) => `PVC ${claim}: mounted by ${users.get(claim)!.join(', ')} (replicas), not ReadWriteMany`);
}
