// Finds dependencies package.json declares but nothing uses, so none lingers after the code
// that needed it is gone. `npm run lint` runs it through check-dependencies.mjs.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';

/**
 * Declared for work that lands beside this branch and imports them there: each line says
 * what for. The check fails once one of them is imported, so the list cannot go stale.
 */
export const PENDING = {
  '@segment/analytics-node': 'Segment ingest tests send with the official client',
  jsforce: 'the Salesforce connection of the integrations service',
};

/** Code and configuration; prose (Markdown) does not count as a use. */
const SOURCE = /\.(?:[cm]?[jt]sx?|json|css|html|ya?ml|sh)$|(?:^|\/)(?:Dockerfile|[\w.-]+\.Dockerfile|run)$/;
const SHELL = /\.sh$|(?:^|\/)run$|Dockerfile$/;
const SKIP = new Set(['package.json', 'package-lock.json']);

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** `@types/pg` types `pg`, `@types/babel__core` types `@babel/core`. */
function typedPackage(name) {
  if (!name.startsWith('@types/')) return null;
  const bare = name.slice('@types/'.length);
  return bare.includes('__') ? `@${bare.replace('__', '/')}` : bare;
}

/**
 * @param {{
 *   manifest: { dependencies?: Record<string, string>, devDependencies?: Record<string, string>, scripts?: Record<string, string> },
 *   sources: { path: string, text: string }[],
 *   packageInfo: (name: string) => { bin?: string | Record<string, string>, peerDependencies?: Record<string, string>, peerDependenciesMeta?: Record<string, { optional?: boolean }> } | null,
 *   pending?: Record<string, string>,
 * }} input
 * @returns {{ unused: string[], stalePending: string[] }}
 */
export function findUnusedDependencies({ manifest, sources, packageInfo, pending = PENDING }) {
  const declared = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
  // Where commands run: npm scripts, shell scripts, CI and Dockerfiles.
  const shell = sources.filter((s) => SHELL.test(s.path)).map((s) => s.text);
  const scripts = [...Object.values(manifest.scripts ?? {}), ...shell].join('\n');
  const code = sources
    .filter((s) => SOURCE.test(s.path))
    .map((s) => s.text)
    .join('\n');

  // A quoted module name: an import, a require, a config entry. Backticks are left out: in
  // comments they name packages in prose.
  const imported = (name) => new RegExp(`(['"])${escape(name)}(?:/[^'"\\s]*)?\\1`).test(code);
  const binOf = (name) => {
    const bin = packageInfo(name)?.bin;
    if (!bin) return [];
    return typeof bin === 'string' ? [name.split('/').pop()] : Object.keys(bin);
  };
  const runs = (name) =>
    binOf(name).some((bin) => new RegExp(`(?:^|[\\s;&|(])${escape(bin)}(?=\\s|$)`, 'm').test(scripts));

  const used = new Set(declared.filter((name) => imported(name) || runs(name)));
  // Types and required peers follow the packages that need them, until nothing changes.
  for (let grew = true; grew;) {
    grew = false;
    for (const name of declared) {
      if (used.has(name)) continue;
      const typed = typedPackage(name);
      const typesUsed = typed !== null && (typed === 'node' || used.has(typed));
      const requiredPeer = [...used].some((user) => {
        const info = packageInfo(user);
        return Boolean(info?.peerDependencies?.[name]) && !info?.peerDependenciesMeta?.[name]?.optional;
      });
      if (typesUsed || requiredPeer) {
        used.add(name);
        grew = true;
      }
    }
  }

  return {
    unused: declared.filter((name) => !used.has(name) && !(name in pending)).sort(),
    stalePending: Object.keys(pending)
      .filter((name) => used.has(name) || !declared.includes(name))
      .sort(),
  };
}

/** Folders that hold no source of ours: installs, builds, data, caches. */
const NOT_SOURCE_DIRS = new Set(['node_modules', 'dist', '.git', '.data', '.nx', 'coverage', 'artifacts']);

/** Every file under root, for a copy without git (a source archive, a container build). */
function walk(root, dir = '') {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return NOT_SOURCE_DIRS.has(entry.name) ? [] : walk(root, path);
    return entry.isFile() ? [path] : [];
  });
}

function listFiles(root) {
  try {
    const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return listed.split('\0').filter(Boolean);
  } catch {
    return walk(root);
  }
}

/** The repository's code files (tracked and new, not ignored), without this check's own files. */
export function readSources(root) {
  return listFiles(root)
    .filter((path) => !SKIP.has(basename(path)) && !/(?:^|\/)unused-dependencies\.[^/]+$/.test(path))
    .filter((path) => SOURCE.test(path) && existsSync(join(root, path)))
    .map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }));
}

/** The installed package.json of a dependency, or null when it is not installed. */
export function installedPackageInfo(root) {
  return (name) => {
    const file = join(root, 'node_modules', name, 'package.json');
    return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
  };
}
