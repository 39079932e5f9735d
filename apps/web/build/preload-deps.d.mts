import type { Plugin } from 'vite';

export function preloadDeps(): {
  plugin: Plugin;
  resolveDependencies: (
    fileName: string,
    deps: string[],
    context: { hostId: string; hostType: 'html' | 'js' },
  ) => string[];
};
