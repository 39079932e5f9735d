// Rebuilds the server code and the web app when their sources are newer than
// the last build, so `npm start` on a fresh clone builds and a second start is quick.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newestMtime(dir) {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function builtAt(file) {
  return existsSync(file) ? statSync(file).mtimeMs : 0;
}

function run(root, args, say) {
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`build step failed: node ${args.join(' ')}`);
  say('build step done');
}

export async function buildIfStale(root, say) {
  const sharedSources = Math.max(newestMtime(join(root, 'libs')), builtAt(join(root, 'package-lock.json')));
  const serverSources = Math.max(
    sharedSources,
    ...['auth', 'integrations', 'campaign', 'reports'].map((s) =>
      newestMtime(join(root, `apps/${s}-service`)),
    ),
  );
  if (serverSources > builtAt(join(root, 'dist/server/apps/auth-service/src/main.js'))) {
    say('building the services...');
    run(root, ['tools/build/build-server.mjs'], say);
  }
  const webSources = Math.max(sharedSources, newestMtime(join(root, 'apps/web')));
  if (existsSync(join(root, 'apps/web')) && webSources > builtAt(join(root, 'dist/apps/web/index.html'))) {
    say('building the web app (first start takes a minute)...');
    // Build aside, then copy over the served folder without emptying it: a platform already
    // serving the old build (another start, a browser test) keeps finding its hashed chunks.
    const staging = join(root, `dist/apps/web.build-${process.pid}`);
    run(
      root,
      [
        join(root, 'node_modules/vite/bin/vite.js'),
        'build',
        '--config',
        'apps/web/vite.config.mts',
        '--outDir',
        staging,
        '--emptyOutDir',
        '--logLevel',
        'warn',
      ],
      say,
    );
    const served = join(root, 'dist/apps/web');
    cpSync(staging, served, { recursive: true, filter: (src) => !src.endsWith('index.html') });
    cpSync(join(staging, 'index.html'), join(served, 'index.html'));
    rmSync(staging, { recursive: true, force: true });
  }
}
