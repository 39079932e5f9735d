#!/usr/bin/env node
// The registry mirror these machines use lacks the other platforms' native
// packages (e.g. @swc/core-darwin-arm64). `npm install` then leaves them out of
// package-lock.json and `npm ci` refuses the lockfile. This adds a lock entry for
// every optional platform package a locked package declares, marked with its os
// and cpu so npm skips it here and fetches it on the platform that needs it.
// Run after every `npm install`: `node tools/lockfile/add-missing-optional.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const lockPath = new URL('../../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const packages = lock.packages;

const OS = [
  'darwin',
  'linux',
  'win32',
  'freebsd',
  'android',
  'openharmony',
  'sunos',
  'aix',
  'netbsd',
  'openbsd',
];
const CPU = ['arm64', 'x64', 'arm', 'ia32', 'ppc64', 's390x', 'riscv64', 'loong64', 'wasm32'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p));
  if (!os && cpu !== 'wasm32') return null;
  const entry = { cpu: [cpu ?? 'x64'] };
  if (os) entry.os = [os];
  if (os === 'linux' && parts.includes('musl')) entry.libc = ['musl'];
  if (os === 'linux' && (parts.includes('gnu') || parts.includes('gnueabihf'))) entry.libc = ['glibc'];
  return entry;
}

let added = 0;
for (const [path, meta] of Object.entries(packages)) {
  for (const [dep, version] of Object.entries(meta.optionalDependencies ?? {})) {
    const base = path ? `${path}/node_modules/${dep}` : `node_modules/${dep}`;
    if (packages[base] || packages[`node_modules/${dep}`]) continue;
    const platform = platformOf(dep);
    if (!platform || !/^\d/.test(version)) continue;
    packages[`node_modules/${dep}`] = {
      version,
      ...platform,
      ...(meta.dev ? { dev: true } : {}),
      optional: true,
    };
    added += 1;
  }
}

lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${added} platform entries to package-lock.json`);
