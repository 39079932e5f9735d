import { readdirSync, readFileSync } from 'node:fs';
import { sep } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompressPlugin } from './build/precompress.mjs';

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
 * Mantine's ScrollArea imports `useMergeRefs` alone from @floating-ui/react: it gets a local copy
 * (build/merge-refs.mjs), so screens with a table but no popover leave the positioning library out.
 */
const scrollAreaMergeRefs = {
  name: 'scroll-area-merge-refs',
  enforce: 'pre' as const,
  resolveId(source: string, importer: string | undefined) {
    if (source !== '@floating-ui/react' || !importer) return null;
    return /@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/.test(importer)
      ? `${webRoot}build/merge-refs.mjs`
      : null;
  },
};

export default defineConfig({
  root: webRoot,
  plugins: [scrollAreaMergeRefs, react(), precompressPlugin()],
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
    // Maps are written for error reporting but not referenced from the served bundles.
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        // Vendor chunks change less often than the app: split them for long-lived caching. Mantine
        // is left to the per-route split: a page loads only the components it renders.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // Apart from React: the login steps run without the router (app/entry).
            { name: 'router', test: /node_modules[\\/](react-router|react-router-dom)[\\/]/ },
            // Apart from each other: a group is loaded whole, and the signed-in screens' first load
            // needs the query cache but not the schema library (forms and dialogs load it).
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            // Menus, selects and tooltips position with it; tables (their scroll area) do not: on
            // its own, it loads with the first popover rather than with every table.
            { name: 'floating', test: /node_modules[\\/]@floating-ui[\\/]/ },
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
