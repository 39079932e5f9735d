import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Pool } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/** The baseline's table: the inbox's shape, out of the relay's sight. */
export const BARE_TABLE = 'public.segment_inbox_bare';

export async function createBareTable(databaseUrl: string): Promise<void> {
  const pool = new Pool({ connectionString: databaseUrl, max: 1 });
  await pool.query(`CREATE TABLE IF NOT EXISTS ${BARE_TABLE} (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    organisation_id uuid NOT NULL,
    received_at timestamptz NOT NULL,
    payload text NOT NULL
  )`);
  await pool.end();
}

/**
 * The baseline: node:http reading a Segment batch, parsing it, writing each call as its JSON
 * (batch context applied) with one COPY, and answering {"success":true}: the service's work
 * without the write key check, the limits, the framework, the gateway and the relay.
 */
export async function bareIngestServer(
  databaseUrl: string,
  organisationId: string,
): Promise<{ url: string; server: Server; pool: Pool }> {
  const pool = new Pool({ connectionString: databaseUrl, max: 10 });
  const sql = `COPY ${BARE_TABLE} (organisation_id, received_at, payload) FROM STDIN`;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        try {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
            batch: Record<string, unknown>[];
            context?: unknown;
          };
          const prefix = `${organisationId}\t${new Date().toISOString()}\t`;
          let text = '';
          for (const item of body.batch) {
            const json = JSON.stringify(
              body.context && !item.context ? { ...item, context: body.context } : item,
            );
            text += `${prefix}${json.includes('\\') ? json.replace(/\\/g, '\\\\') : json}\n`;
          }
          const client = await pool.connect();
          try {
            await pipeline(Readable.from([text]), client.query(copyFrom(sql)));
          } finally {
            client.release();
          }
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end('{"success":true}');
        } catch {
          response.writeHead(500);
          response.end();
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, pool };
}
