// The service image's filesystem and process, without a container engine: the files the runtime
// stage of docker/service.Dockerfile copies (production node_modules per the lockfile, the built
// server, package.json) assembled in a folder, and a target's command and environment as the
// image and a Kubernetes container spec give them.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { dockerStages, effectiveLines, envOf } from './docker-checks';
import type { Container, Located } from './k8s-checks';
import { ROOT } from './platform';

export const SERVICE_DOCKERFILE = 'docker/service.Dockerfile';

interface LockEntry {
  dev?: boolean;
}

/** Top-level packages `npm prune --omit=dev` keeps (and this platform has installed). */
export function productionPackages(root = ROOT): string[] {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>;
  };
  return Object.entries(lock.packages)
    .filter(([path, entry]) => /^node_modules\/(@[^/]+\/)?[^/]+$/.test(path) && !entry.dev)
    .map(([path]) => path)
    .filter((path) => existsSync(join(root, path)));
}

/** `cp -al`: hard links, so a copy of node_modules costs no data. Grouped per target folder. */
function linkInto(targetDir: string, sources: string[]): void {
  mkdirSync(targetDir, { recursive: true });
  for (let i = 0; i < sources.length; i += 200) {
    const result = spawnSync('cp', ['-al', ...sources.slice(i, i + 200), `${targetDir}/`], {
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`cp -al into ${targetDir} failed: ${result.stderr}`);
  }
}

/**
 * The runtime stage's /app: node_modules without dev dependencies, dist/server and package.json.
 * dist/server must be built (the service tier's global setup builds it). Returns the folder and
 * how to remove it.
 */
export function assembleServiceImage(): { dir: string; remove: () => void } {
  if (!existsSync(join(ROOT, 'dist/server'))) throw new Error('dist/server is not built');
  const dir = mkdtempSync(join(tmpdir(), 'meridian-image-'));
  const byFolder = new Map<string, string[]>();
  for (const path of productionPackages()) {
    const folder = join(dir, dirname(path));
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), join(ROOT, path)]);
  }
  for (const [folder, sources] of byFolder) linkInto(folder, sources);
  linkInto(join(dir, 'dist'), [join(ROOT, 'dist/server')]);
  linkInto(dir, [join(ROOT, 'package.json')]);
  // rm is several times faster than fs.rmSync on a tree this size.
  return { dir, remove: () => void spawnSync('rm', ['-rf', dir]) };
}

export interface ImageTarget {
  /** ENV of the target and the stages under it. */
  env: Record<string, string>;
  /** CMD, exec form. */
  command: string[];
  workdir: string;
  /** What the image's stages copy into it: source, destination, and the stage it comes from ('' for the context). */
  copies: { source: string; to: string; from: string }[];
}

/** A build target of the service Dockerfile: its command, environment, working folder and copies. */
export function imageTarget(target: string, text = readFileSync(join(ROOT, SERVICE_DOCKERFILE), 'utf8')) {
  const stages = dockerStages(text);
  const stage = stages.find((s) => s.name === target);
  if (!stage) throw new Error(`${SERVICE_DOCKERFILE} has no target ${target}`);
  const lines = effectiveLines(stages, stage);
  const cmd = lines.filter((l) => /^CMD\s/i.test(l)).at(-1);
  if (!cmd) throw new Error(`${target}: no CMD`);
  const command = JSON.parse(cmd.slice(3).trim()) as string[];
  const workdir =
    lines
      .filter((l) => /^WORKDIR\s/i.test(l))
      .at(-1)
      ?.split(/\s+/)[1] ?? '/';
  const copies = lines
    .filter((l) => /^COPY\s/i.test(l))
    .map((l) => {
      const from = /--from=(\S+)/.exec(l)?.[1] ?? '';
      const args = l.split(/\s+/).filter((word, i) => i > 0 && !word.startsWith('--'));
      return { source: args.slice(0, -1).join(' '), to: args.at(-1) ?? '', from };
    });
  return { env: envOf(lines), command, workdir, copies } satisfies ImageTarget;
}

const objectNamed = (objects: Located[], kind: string, name: string) =>
  objects.find((o) => o.object.kind === kind && o.object.metadata?.name === name)?.object;

/**
 * A container's environment as Kubernetes builds it: the image's ENV, then each envFrom source in
 * order, then `env` (later wins).
 */
export function containerEnv(
  objects: Located[],
  container: Container,
  imageEnv: Record<string, string>,
): Record<string, string> {
  const env = { ...imageEnv };
  for (const from of container.envFrom ?? []) {
    if (from.configMapRef)
      Object.assign(env, objectNamed(objects, 'ConfigMap', from.configMapRef.name)?.data);
    if (from.secretRef) {
      const secret = objectNamed(objects, 'Secret', from.secretRef.name);
      const decoded = Object.fromEntries(
        Object.entries(secret?.data ?? {}).map(([k, v]) => [k, Buffer.from(v, 'base64').toString()]),
      );
      Object.assign(env, decoded, secret?.stringData);
    }
  }
  for (const variable of container.env ?? [])
    if (variable.value !== undefined) env[variable.name] = variable.value;
  return env;
}

/** `registry/meridian/<target>:<tag>` -> `<target>`. */
export const imageTargetOf = (image: string | undefined) => /\/([\w-]+):[^/]+$/.exec(image ?? '')?.[1];
