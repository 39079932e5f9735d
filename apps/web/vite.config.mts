import { readdirSync, readFileSync } from 'node:fs';
import { sep } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompressPlugin } from './build/precompress.mjs';
import { preloadDeps } from './build/preload-deps.mjs';

const webRoot = new URL('.', import.meta.url).pathname;
const workspaceRoot = new URL('../../', import.meta.url).pathname;
/** Test files that replace a module with vi.mock: found by reading them, so a new one is never missed. */
const MODULE_MOCKS = readdirSync(`${webRoot}src`, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .filter((file) => readFileSync(`${webRoot}src/${file}`, 'utf8').includes('vi.mock('))
  .map((file) => `src/${file.split(sep).join('/')}`);

// Everything is reached through one origin: in development the gateway on :8080 serves /api.
const gateway = { '/api': { target: 'http://localhost:8080', changeOrigin: false } };

/**
 * Mantine components that import a whole library for one small part get a local copy of that part
 * (apps/web/build), so a screen's first load leaves the library out until something needs it:
 * ScrollArea takes `useMergeRefs` alone from the positioning library, Table's scroll container
 * renders a ScrollArea only for `type="scrollarea"` (the theme sets 'native'), and the AppShell
 * header, footer and aside read only the scroll lock's class names.
 */
const MANTINE = /@mantine[\\/]core[\\/]esm[\\/]components[\\/]/.source;
const localParts = [
  {
    source: '@floating-ui/react',
    importer: new RegExp(`${MANTINE}ScrollArea[\\\\/]ScrollArea\\.mjs$`),
    replacement: `${webRoot}build/merge-refs.mjs`,
  },
  {
    source: 'react-remove-scroll',
    importer: new RegExp(`${MANTINE}AppShell[\\\\/]AppShell(Header|Footer|Aside)[\\\\/]AppShell\\1\\.mjs$`),
    replacement: `${webRoot}build/remove-scroll-class-names.mjs`,
  },
  {
    source: '../ScrollArea/ScrollArea.mjs',
    importer: new RegExp(`${MANTINE}Table[\\\\/]TableScrollContainer\\.mjs$`),
    replacement: `${webRoot}build/table-scroll-area.mjs`,
  },
];
const mantineLocalParts = {
  name: 'mantine-local-parts',
  enforce: 'pre' as const,
  resolveId(source: string, importer: string | undefined) {
    const part = localParts.find((p) => p.source === source && importer && p.importer.test(importer));
    return part ? part.replacement : null;
  },
};

const preload = preloadDeps();

export default defineConfig({
  root: webRoot,
  plugins: [mantineLocalParts, react(), preload.plugin, precompressPlugin()],
  resolve: {
    alias: [
      { find: /^@meridian\/contracts$/, replacement: `${workspaceRoot}libs/contracts/src/index.ts` },
      { find: /^@\//, replacement: `${webRoot}src/` },
    ],
  },
  server: { port: 4200, proxy: gateway },
  preview: { port: 4173, proxy: gateway },
  build: {
    outDir: `${workspaceRoot}dist/apps/web`,
    emptyOutDir: true,
    // Only the visual email editor (about 1.5 MB, loaded on its own screen alone) is over Vite's
    // 500 kB; the first loads are held to their budget by bench/web.
    chunkSizeWarningLimit: 1600,
    // Maps are written for error reporting but not referenced from the served bundles.
    sourcemap: 'hidden',
    modulePreload: { resolveDependencies: preload.resolveDependencies },
    rolldownOptions: {
      output: {
        // Vendor chunks change less often than the app: split them for long-lived caching. Mantine
        // is left to the per-route split: a page loads only the components it renders.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // Apart from each other: a group is loaded whole, and the signed-in screens' first load
            // needs the query cache but not the schema library (forms and dialogs load it).
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            // Menus, selects and tooltips position with it; tables (their scroll area) do not: on
            // its own, it loads with the first popover rather than with every table.
            { name: 'floating', test: /node_modules[\\/]@floating-ui[\\/]/ },
            // What the entry imports statically loads on every page anyway: one chunk, rather than
            // the many small ones its sharing with each lazy screen would otherwise cut it into.
            { name: 'initial', tags: ['$initial'] },
          ],
        },
      },
    },
  },
  test: {
    root: webRoot,
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    // CI shares a busy 2-core machine: a screen's first render compiles its lazy chunk, which
    // takes seconds under load. Limits are for hung tests, not for speed, so they are wide.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // A fresh jsdom and module graph per file cost three quarters of the tier's time: files share
    // them within a worker, each test cleaning up after itself (setup.ts). Files that replace a
    // module with vi.mock need their own graph, so they run apart, isolated.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: 'screens', include: ['src/**/*.test.{ts,tsx}'], exclude: MODULE_MOCKS, isolate: false },
      },
      { extends: true, test: { name: 'module mocks', include: MODULE_MOCKS, isolate: true } },
    ],
  },
});
