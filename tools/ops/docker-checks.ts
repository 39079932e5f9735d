// Checks for docker/: the Dockerfiles, compose.yaml and nginx.conf. Each returns
// a list of problems (empty when all is well).
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { pageCsp } from '../launcher/security-headers.mjs';
import { ROOT, SERVICES, WEB } from './platform';

export interface Stage {
  from: string;
  name?: string;
  lines: string[];
}

/** FROM stages with their instructions (continuation lines joined, comments dropped). */
export function dockerStages(text: string): Stage[] {
  const stages: Stage[] = [];
  const joined = text.replace(/\\\r?\n/g, ' ');
  for (const raw of joined.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const from = /^FROM\s+(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) stages.push({ from: from[1], name: from[2], lines: [] });
    else stages.at(-1)?.lines.push(line);
  }
  return stages;
}

/** A stage's instructions including those of the stages it builds on. */
export function effectiveLines(stages: Stage[], stage: Stage): string[] {
  const parent = stages.find((s) => s.name === stage.from);
  return [...(parent ? effectiveLines(stages, parent) : []), ...stage.lines];
}

export function envOf(lines: string[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of lines.filter((l) => /^ENV\s/i.test(l))) {
    for (const [, key, value] of line.slice(4).matchAll(/(\w+)=("[^"]*"|\S+)/g))
      env[key] = value.replace(/^"|"$/g, '');
  }
  return env;
}

/** A runnable image stage: non-root user and a health check. */
export function checkImageStage(where: string, stages: Stage[], stage: Stage): string[] {
  const lines = effectiveLines(stages, stage);
  const problems: string[] = [];
  const user = lines
    .filter((l) => /^USER\s/i.test(l))
    .at(-1)
    ?.split(/\s+/)[1];
  if (!user || /^(root|0)(:|$)/.test(user)) problems.push(`${where}: runs as root`);
  if (!lines.some((l) => /^HEALTHCHECK\s+(--\S+\s+)*CMD\s/i.test(l)))
    problems.push(`${where}: no HEALTHCHECK`);
  return problems;
}

/** The service Dockerfile: one target per service with its port, health path and entry point. */
export function checkServiceDockerfile(text: string): string[] {
  const stages = dockerStages(text);
  const problems = stages
    .filter((s) => s.from.startsWith('node:') && s.from !== 'node:20-bookworm-slim')
    .map((s) => `stage ${s.name}: based on ${s.from}, not node:20-bookworm-slim`);
  for (const service of SERVICES) {
    const stage = stages.find((s) => s.name === service.name);
    if (!stage) {
      problems.push(`no build target ${service.name}`);
      continue;
    }
    const lines = effectiveLines(stages, stage);
    const env = envOf(lines);
    if (env.PORT !== String(service.port))
      problems.push(`${service.name}: PORT is ${env.PORT}, expected ${service.port}`);
    if (env.HEALTH_PATH !== service.health)
      problems.push(`${service.name}: HEALTH_PATH is ${env.HEALTH_PATH}`);
    if (env.HOST !== '0.0.0.0') problems.push(`${service.name}: HOST is ${env.HOST}, expected 0.0.0.0`);
    const cmd = lines.filter((l) => /^CMD\s/i.test(l)).at(-1) ?? '';
    if (!cmd.includes(`dist/server/apps/${service.name}/src/main.js`))
      problems.push(`${service.name}: CMD does not start it`);
    problems.push(...checkImageStage(service.name, stages, stage));
    problems.push(...checkNoDevDependencies(service.name, stages, stage));
  }
  return problems;
}

/** node_modules comes from a stage that dropped the dev dependencies (`--omit=dev`). */
function checkNoDevDependencies(where: string, stages: Stage[], stage: Stage): string[] {
  const copies = effectiveLines(stages, stage).filter((l) => /^COPY\s.*node_modules/i.test(l));
  if (copies.length === 0) return [`${where}: copies no node_modules`];
  return copies.flatMap((copy) => {
    const from = stages.find((s) => s.name === /--from=(\S+)/.exec(copy)?.[1]);
    const omits =
      from && effectiveLines(stages, from).some((l) => /^RUN\s.*\bnpm\s+(ci|prune)\b.*--omit=dev/.test(l));
    return omits ? [] : [`${where}: node_modules with dev dependencies (${copy})`];
  });
}

export interface ComposeFile {
  services?: Record<
    string,
    {
      image?: string;
      build?: { context?: string; dockerfile?: string; target?: string };
      environment?: Record<string, string | number>;
      ports?: string[];
    }
  >;
}

export function loadCompose(path = join(ROOT, 'docker/compose.yaml')): ComposeFile {
  return parse(readFileSync(path, 'utf8'), { merge: true, prettyErrors: true }) as ComposeFile;
}

/** Compose: the platform's containers, buildable from Dockerfiles that exist, wired together. */
export function checkCompose(compose: ComposeFile, composeDir = join(ROOT, 'docker')): string[] {
  const services = compose.services ?? {};
  const problems: string[] = [];
  const expected = ['postgres', 'kafka', 'mailpit', ...SERVICES.map((s) => s.name), WEB.name];
  for (const name of expected) if (!services[name]) problems.push(`compose: no service ${name}`);
  if (!services.postgres?.image?.startsWith('postgres:16'))
    problems.push('compose: postgres is not postgres:16');

  for (const [name, service] of Object.entries(services)) {
    if (!service.build) continue;
    const dockerfile = resolve(
      composeDir,
      service.build.context ?? '.',
      service.build.dockerfile ?? 'Dockerfile',
    );
    if (!existsSync(dockerfile)) {
      problems.push(`compose ${name}: Dockerfile ${dockerfile} does not exist`);
      continue;
    }
    const stages = dockerStages(readFileSync(dockerfile, 'utf8'));
    const target = service.build.target
      ? stages.find((s) => s.name === service.build?.target)
      : stages.at(-1);
    if (!target)
      problems.push(`compose ${name}: ${service.build.dockerfile} has no target ${service.build.target}`);
  }

  for (const service of SERVICES) {
    const env = services[service.name]?.environment ?? {};
    if (String(env.PORT) !== String(service.port))
      problems.push(`compose ${service.name}: PORT ${env.PORT}, expected ${service.port}`);
    if (services[service.name]?.build?.target !== service.name)
      problems.push(`compose ${service.name}: wrong build target`);
    if (!String(env.DATABASE_URL ?? '').includes('@postgres:5432/'))
      problems.push(`compose ${service.name}: DATABASE_URL not on postgres`);
    if (!String(env.KAFKA_BROKERS ?? '').includes('kafka:9092'))
      problems.push(`compose ${service.name}: KAFKA_BROKERS not on kafka`);
    if (!String(env.SMTP_URL ?? '').startsWith('smtp://mailpit:'))
      problems.push(`compose ${service.name}: SMTP_URL not on mailpit`);
    if (env.AUTH_SERVICE_URL !== `http://${SERVICES[0].name}:${SERVICES[0].port}`) {
      problems.push(
        `compose ${service.name}: AUTH_SERVICE_URL ${env.AUTH_SERVICE_URL} is not the auth service`,
      );
    }
    if (env.HOST !== '0.0.0.0') problems.push(`compose ${service.name}: HOST is not 0.0.0.0`);
  }
  if (!services[WEB.name]?.ports?.includes(`8080:${WEB.containerPort}`))
    problems.push('compose web: not published on 8080');
  return problems;
}

/** nginx: each prefix proxied to an upstream that is its service and port; SPA fallback. */
export function checkNginx(text: string): string[] {
  const conf = text.replace(/#.*$/gm, '');
  const problems: string[] = [];
  for (const service of SERVICES) {
    const location = new RegExp(`location\\s+${service.prefix}/\\s*\\{([^}]*)\\}`).exec(conf);
    const upstream = location && /proxy_pass\s+http:\/\/([\w-]+)\s*;/.exec(location[1])?.[1];
    if (!upstream) {
      problems.push(`nginx: no location ${service.prefix}/ with proxy_pass`);
      continue;
    }
    const block = new RegExp(`upstream\\s+${upstream}\\s*\\{([^}]*)\\}`).exec(conf)?.[1] ?? '';
    if (!new RegExp(`server\\s+${service.name}:${service.port}[\\s;]`).test(block)) {
      problems.push(
        `nginx: ${service.prefix}/ goes to upstream ${upstream}, which is not ${service.name}:${service.port}`,
      );
    }
  }
  if (!/location\s+\/\s*\{[^}]*try_files\s+\$uri\s+\/index\.html\s*;/.test(conf))
    problems.push('nginx: no SPA fallback to /index.html');
  if (!new RegExp(`listen\\s+${WEB.containerPort}\\s*;`).test(conf))
    problems.push(`nginx: does not listen on ${WEB.containerPort}`);
  problems.push(...checkNginxHeaders(conf));
  return problems;
}

/** Pages carry the gateway's security headers and CSP; source maps are not served. */
function checkNginxHeaders(conf: string): string[] {
  const problems: string[] = [];
  const csp = /map\s+\$uri\s+\$page_csp\s*\{[^}]*default\s+"([^"]*)"/.exec(conf)?.[1];
  if (csp !== pageCsp()) problems.push(`nginx: page CSP is not the gateway's: ${csp ?? 'none'}`);
  for (const header of [
    'Content-Security-Policy',
    'X-Frame-Options',
    'X-Content-Type-Options',
    'Referrer-Policy',
  ]) {
    if (!new RegExp(`server\\s*\\{[\\s\\S]*?add_header\\s+${header}\\s+\\$page_\\w+\\s+always;`).test(conf))
      problems.push(`nginx: the server does not add ${header} to every answer`);
  }
  if (!/location\s+~\s+\S*\\\.map\$\s*\{[^}]*return\s+404/.test(conf))
    problems.push('nginx: source maps are served');
  return problems;
}
