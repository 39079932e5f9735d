import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  findUnusedDependencies,
  installedPackageInfo,
  readSources,
  type PackageInfo,
} from './unused-dependencies.mjs';

const root = join(__dirname, '..', '..');

function check(
  declared: string[],
  sources: Record<string, string>,
  packages: Record<string, PackageInfo> = {},
  options: { scripts?: Record<string, string>; pending?: Record<string, string> } = {},
) {
  return findUnusedDependencies({
    manifest: {
      dependencies: Object.fromEntries(declared.map((name) => [name, '1.0.0'])),
      scripts: options.scripts ?? {},
    },
    sources: Object.entries(sources).map(([path, text]) => ({ path, text })),
    packageInfo: (name) => packages[name] ?? null,
    pending: options.pending ?? {},
  });
}

describe('unused dependencies', () => {
  it('names a declared package nothing imports', () => {
    const result = check(['alpha-lib', 'beta-lib'], {
      'apps/x/src/a.ts': "import { a } from 'alpha-lib';\n",
    });
    expect(result.unused).toEqual(['beta-lib']);
  });

  it('counts imports, requires, deep paths, scoped names and config entries', () => {
    const result = check(['one', '@scope/two', 'three', 'four', 'five'], {
      'a.ts': 'import x from \'one/sub/path\';\nconst y = require("@scope/two");\n',
      'b.mjs': "await import('three');\n",
      'postcss.config.cjs': "module.exports = { plugins: { 'four': {} } };\n",
    });
    expect(result.unused).toEqual(['five']);
  });

  it('does not count a name mentioned in prose, or a longer name that starts with it', () => {
    const result = check(['argon', 'pino'], {
      'a.ts': "// hashes used to come from `argon`\nimport p from 'pino-pretty';\nimport q from '@x/pino';\n",
      'README.md': "import a from 'argon';\n",
    });
    expect(result.unused).toEqual(['argon', 'pino']);
  });

  it('counts a package whose command a script, the CI script or a Dockerfile runs', () => {
    const packages = {
      typescript: { bin: { tsc: 'bin/tsc' } },
      prettier: { bin: './bin/prettier.cjs' },
      lintkit: { bin: { lintkit: 'cli.js' } },
      unrun: { bin: { unrun: 'cli.js' } },
    };
    const result = check(
      ['typescript', 'prettier', 'lintkit', 'unrun'],
      { '.ci/run': 'npm ci\nlintkit --fix\n', 'docker/app.Dockerfile': 'RUN npx prettier --check .\n' },
      packages,
      { scripts: { typecheck: 'tsc -p tsconfig.json --noEmit', other: 'node unrunnable.js' } },
    );
    expect(result.unused).toEqual(['unrun']);
  });

  it('keeps the types of a used package and the required peers of a used package', () => {
    const packages = {
      'plugin-x': {
        peerDependencies: { host: '*', extra: '*' },
        peerDependenciesMeta: { extra: { optional: true } },
      },
    };
    const result = check(
      ['plugin-x', 'host', 'extra', '@types/node', '@types/plugin-x', '@types/gone', '@types/babel__core'],
      { 'a.ts': "import 'plugin-x';\n" },
      packages,
    );
    expect(result.unused).toEqual(['@types/babel__core', '@types/gone', 'extra']);
  });

  it('lets pending packages wait, and calls them stale once used or no longer declared', () => {
    const result = check(
      ['waiting', 'arrived'],
      { 'a.ts': "import 'arrived';\n" },
      {},
      { pending: { waiting: 'later work', arrived: 'later work', dropped: 'later work' } },
    );
    expect(result).toEqual({ unused: [], stalePending: ['arrived', 'dropped'] });
  });

  it('reads the code of a copy without git, leaving out installs, builds and prose', () => {
    const copy = mkdtempSync(join(tmpdir(), 'deps-check-'));
    try {
      const files = {
        'apps/x/src/a.ts': "import 'alpha';\n",
        'node_modules/beta/index.js': "require('beta');\n",
        'dist/out.js': "require('gamma');\n",
        'docs/notes.md': "import 'delta';\n",
      };
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(copy, path)), { recursive: true });
        writeFileSync(join(copy, path), text);
      }
      // Not a git work tree: the listing falls back to walking the folders.
      const sources = readSources(copy);
      expect(sources.map((source) => source.path)).toEqual(['apps/x/src/a.ts']);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it('finds none in this repository', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Parameters<
      typeof findUnusedDependencies
    >[0]['manifest'];
    const result = findUnusedDependencies({
      manifest,
      sources: readSources(root),
      packageInfo: installedPackageInfo(root),
    });
    expect(result).toEqual({ unused: [], stalePending: [] });
  });
});
