// The lint boundaries catch imports of the testing library; a path to one of its
// files (a require hook handed to a worker, say) slips past them. This catches that.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(__dirname, '..', '..');
const SOURCES = [
  'apps/auth-service/src',
  'apps/campaign-service/src',
  'apps/integrations-service/src',
  'apps/reports-service/src',
  'libs/contracts/src',
  'libs/server-kit/src',
];
const TEST_CODE = /\.(spec|int-spec|kafka-spec|test)\.ts$|\/testing\//;

function* productionFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) yield* productionFiles(full);
    else if (full.endsWith('.ts') && !TEST_CODE.test(relative(root, full))) yield full;
  }
}

describe('production code', () => {
  it('never loads the testing library, by import or by path', () => {
    const offenders = SOURCES.flatMap((dir) => [...productionFiles(join(root, dir))])
      .filter((file) => /libs\/testing|@meridian\/testing/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file));
    expect(offenders).toEqual([]);
  });

  it('writes campaign.persons only from the persons module (its bulk path takes every batch)', () => {
    const writes = /(INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+campaign\.persons\b/i;
    const offenders = [...productionFiles(join(root, 'apps/campaign-service/src'))]
      .map((file) => relative(root, file))
      .filter(
        (file) =>
          !file.startsWith('apps/campaign-service/src/modules/contacts/persons/') &&
          !file.includes('/migrations/'),
      )
      .filter((file) => writes.test(readFileSync(join(root, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
