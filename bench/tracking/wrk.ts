import { spawn, spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const WRK = '/usr/bin/wrk';

export function wrkInstalled(): boolean {
  return spawnSync(WRK, ['--version'], { encoding: 'utf8' }).error === undefined;
}

export interface WrkResult {
  /** Responses wrk read in full. */
  requests: number;
  perSecond: number;
  /** Responses that were not the expected status. */
  errors: number;
  /** wrk's socket errors (connect, read, write, timeout: no answer within 2 s). */
  socketErrors: number;
}

/**
 * A wrk script that walks `paths` round robin (so the server sees many messages, as it would)
 * and counts every answer that is not `status`.
 */
export async function wrkScript(file: string, paths: readonly string[], status: number): Promise<void> {
  const list = paths.map((p) => `"${p}"`).join(',\n');
  await writeFile(
    file,
    `local paths = {\n${list}\n}
local i = 0
local wrong = 0
request = function()
  i = i % #paths + 1
  return wrk.format("GET", paths[i])
end
response = function(status)
  if status ~= ${status} then wrong = wrong + 1 end
end
done = function(summary, latency, requests)
  io.write(string.format("WRONG_STATUS %d\\n", wrong))
end
`,
  );
}

export function runWrk(
  url: string,
  script: string,
  seconds: number,
  connections: number,
): Promise<WrkResult> {
  return new Promise((resolve, reject) => {
    // One thread: wrk keeps a core of the two busy already; the servers get the other.
    const child = spawn(WRK, ['-t1', `-c${connections}`, `-d${seconds}s`, '-s', script, url]);
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => {
      const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? NaN);
      const perSecond = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN);
      const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
      const wrong = Number(/WRONG_STATUS (\d+)/.exec(out)?.[1] ?? 0);
      const socket = socketErrors ? socketErrors.slice(1).reduce((n, v) => n + Number(v), 0) : 0;
      if (!Number.isFinite(requests) || !Number.isFinite(perSecond)) {
        reject(new Error(`wrk gave no figures:\n${out}`));
        return;
      }
      resolve({ requests, perSecond, errors: wrong, socketErrors: socket });
    });
  });
}

/**
 * The baseline: node:http answering every request with the bytes and headers the service sends
 * for `kind` (the pixel, or the redirect to the first link), without looking at the token.
 */
export async function bareServer(answer: {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}): Promise<{ url: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.writeHead(answer.status, answer.headers);
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

export function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
