// A lazy chunk's import lists the chunks to fetch with it (Vite's preload map, in the chunk that
// imports it). Chunks the importing chunk imports statically are loaded already when it runs:
// they are left off the list, which every signed-in page would otherwise carry for each screen.

/** The chunks `fileName` imports statically, at any depth. */
function staticImports(bundle, fileName, seen = new Set()) {
  const chunk = bundle[fileName];
  if (!chunk || chunk.type !== 'chunk') return seen;
  for (const imported of chunk.imports) {
    if (seen.has(imported)) continue;
    seen.add(imported);
    staticImports(bundle, imported, seen);
  }
  return seen;
}

export function preloadDeps() {
  let bundle = null;
  const loaded = new Map();
  return {
    /** Keeps the bundle for `resolveDependencies`, which Vite calls while it writes the map. */
    plugin: {
      name: 'preload-deps',
      apply: 'build',
      generateBundle(_options, output) {
        bundle = output;
        loaded.clear();
      },
    },
    /** For `build.modulePreload.resolveDependencies`. */
    resolveDependencies(_fileName, deps, { hostId, hostType }) {
      if (hostType !== 'js' || !bundle) return deps;
      if (!loaded.has(hostId)) loaded.set(hostId, staticImports(bundle, hostId));
      const present = loaded.get(hostId);
      return deps.filter((dep) => !present.has(dep));
    },
  };
}
