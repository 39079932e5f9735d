// Installs schemathesis (PyPI; property-based testing of an API from its OpenAPI document) into a
// virtualenv under .cache/, once; the schemathesis tier runs it against every service. Prints the
// venv's python path. Exits 2 (and says why) when python3 or its venv module is missing.
//   node tools/test/schemathesis/ensure-schemathesis.mjs
import { fileURLToPath } from 'node:url';
import { ensureVenv, ensureVenvCommand, venvPaths } from '../python-venv.mjs';

// The tool and everything it pulls in, pinned, so every machine generates the same cases from the
// same seed (hypothesis's strategies change between releases).
export const SCHEMATHESIS_REQUIREMENTS = [
  'schemathesis==4.32.5',
  'anyio==4.16.0',
  'certifi==2026.10.19.post1',
  'charset-normalizer==3.5.3',
  'click==8.5.1',
  'graphql-core==3.3.2',
  'harfile==0.6.0',
  'hypothesis==6.170.17',
  'hypothesis-graphql==0.13.5',
  'idna==3.20',
  'iniconfig==2.3.1',
  'jsonschema_rs==0.60.3',
  'markdown-it-py==4.3.0',
  'MarkupSafe==3.0.4',
  'mdurl==0.1.2',
  'packaging==26.4',
  'pluggy==1.7.0',
  'Pygments==2.21.0',
  'pyrate-limiter==4.5.1',
  'pytest==9.2.0',
  'PyYAML==6.0.4',
  'requests==2.34.2',
  'rich==15.0.0',
  'sortedcontainers==2.4.0',
  'typing_extensions==4.16.0',
  'urllib3==2.8.0',
  'Werkzeug==3.1.9',
];
const VENV = 'schemathesis-venv';
/** The `schemathesis` command inside the venv. */
export const schemathesisBin = `${venvPaths(VENV).bin}/schemathesis`;

/** Returns the venv's python, installing schemathesis first if needed; null (with a reason) if it cannot. */
export function ensureSchemathesis() {
  return ensureVenv(VENV, SCHEMATHESIS_REQUIREMENTS);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureVenvCommand('schemathesis', ensureSchemathesis);
