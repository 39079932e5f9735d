// Prints the services' JSON log lines as short readable lines, prefixed with the
// service name. Anything that is not JSON is printed as is.
import { createInterface } from 'node:readline';

const LEVELS = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const COLORS = {
  'auth-service': 35,
  'integrations-service': 33,
  'campaign-service': 32,
  'reports-service': 34,
};
const SKIP = new Set(['level', 'time', 'msg', 'service', 'name', 'pid', 'hostname']);

export function createLogPrinter(out) {
  return {
    attach(name, child) {
      const tag = `\x1b[${COLORS[name] ?? 37}m[${name.replace('-service', '')}]\x1b[0m`;
      for (const stream of [child.stdout, child.stderr]) {
        createInterface({ input: stream }).on('line', (line) => out.write(`${tag} ${format(line)}\n`));
      }
    },
  };
}

function format(line) {
  if (!line.startsWith('{')) return line;
  try {
    const entry = JSON.parse(line);
    const level = LEVELS[entry.level] ?? entry.level;
    const rest = Object.entries(entry)
      .filter(([k]) => !SKIP.has(k))
      .map(([k, v]) => `${k}=${typeof v === 'object' ? JSON.stringify(v) : v}`)
      .join(' ');
    return `${level} ${entry.msg ?? ''}${rest ? ` ${rest}` : ''}`;
  } catch {
    return line;
  }
}
