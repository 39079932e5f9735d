#!/usr/bin/env node
// `npm run lint`: fails on a declared dependency nothing uses (see unused-dependencies.mjs).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  findUnusedDependencies,
  installedPackageInfo,
  PENDING,
  readSources,
} from './unused-dependencies.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
const { unused, stalePending } = findUnusedDependencies({
  manifest,
  sources: readSources(root),
  packageInfo: installedPackageInfo(root),
});

for (const name of unused)
  console.error(`package.json declares ${name}, but nothing imports or runs it: remove it`);
for (const name of stalePending)
  console.error(
    `${name} is ${name in PENDING ? 'in use or gone' : '?'}: drop it from PENDING in tools/lint/unused-dependencies.mjs`,
  );
if (unused.length || stalePending.length) process.exit(1);
