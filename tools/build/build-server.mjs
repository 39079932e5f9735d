#!/usr/bin/env node
// Compiles the server code (services and the libraries they use) to
// dist/server with the same folder layout, so relative imports keep working.
// Usage: node tools/build/build-server.mjs
import { createRequire } from 'node:module';
import {
  mkdirSync,
  readdirSync,
  statSync,
  writeFileSync,
  copyFileSync,
  rmSync,
  renameSync,
  existsSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';

const require = createRequire(import.meta.url);
const swc = require('@swc/core');
const { swcOptions, root } = require('./swc-options.cjs');

const SOURCE_ROOTS = [
  'libs/contracts/src',
  'libs/server-kit/src',
  'apps/auth-service/src',
  'apps/integrations-service/src',
  'apps/campaign-service/src',
  'apps/reports-service/src',
];
const FINAL = join(root, 'dist/server');
// Built beside the old output and swapped in at the end, so a platform or test
// run using dist/server never sees a half-written tree.
const OUT = `${FINAL}.build-${process.pid}`;
const SKIP = /\.(spec|int-spec|kafka-spec|test)\.ts$|\.d\.ts$|\/testing\//;

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) yield* walk(full);
    else yield full;
  }
}

const started = Date.now();
rmSync(OUT, { recursive: true, force: true });
const jobs = [];
for (const sourceRoot of SOURCE_ROOTS) {
  const abs = join(root, sourceRoot);
  try {
    statSync(abs);
  } catch {
    continue;
  }
  for (const file of walk(abs)) {
    const rel = relative(root, file);
    if (file.endsWith('.ts') && !SKIP.test(file)) {
      const target = join(OUT, rel.replace(/\.ts$/, '.js'));
      jobs.push(
        swc
          .transformFile(file, {
            ...swcOptions(),
            filename: file,
            sourceFileName: relative(dirname(target), file),
          })
          .then((out) => {
            mkdirSync(dirname(target), { recursive: true });
            writeFileSync(target, `${out.code}\n//# sourceMappingURL=${target.split('/').pop()}.map\n`);
            writeFileSync(`${target}.map`, out.map ?? '');
          }),
      );
    } else if (!file.endsWith('.ts')) {
      const target = join(OUT, rel);
      mkdirSync(dirname(target), { recursive: true });
      copyFileSync(file, target);
    }
  }
}
await Promise.all(jobs);
const old = `${FINAL}.old-${process.pid}`;
if (existsSync(FINAL)) renameSync(FINAL, old);
renameSync(OUT, FINAL);
rmSync(old, { recursive: true, force: true });
console.log(
  `server build: ${jobs.length} files in ${Date.now() - started} ms -> ${relative(process.cwd(), FINAL) || FINAL}`,
);
