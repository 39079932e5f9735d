// `npm run openapi [folder]`: writes each service's OpenAPI 3.1 document, generated from the
// contracts in libs/contracts, to <folder>/<service>.openapi.json (default dist/openapi). The
// running services serve the same documents at <prefix>/openapi.json and a page at <prefix>/docs.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serviceNames } from '@meridian/contracts';
import { openApiDocument } from '../../libs/server-kit/src/http/openapi';

const folder = resolve(process.argv[2] ?? join(__dirname, '../../dist/openapi'));
mkdirSync(folder, { recursive: true });
for (const service of serviceNames) {
  const document = openApiDocument(service);
  const file = join(folder, `${service}.openapi.json`);
  writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);
  process.stdout.write(`${file}: ${Object.keys(document.paths as object).length} paths\n`);
}
