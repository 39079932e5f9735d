import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { Client } from 'pg';

export type Warehouse = Awaited<ReturnType<typeof createWarehouse>>;

/**
 * The customer's warehouse: a database of its own in the platform's Postgres, with a login role
 * that may read it, reached through a relay on 127.0.0.2, the one internal address the platform
 * is started to allow (OUTBOUND_ALLOWED_HOSTS in e2e/run.mjs).
 */
export async function createWarehouse(suffix: string) {
  const adminUrl = new URL(process.env.E2E_DATABASE_URL!);
  adminUrl.pathname = '/postgres';
  const database = `wh_${suffix}`;
  const user = `wh_reader_${suffix}`;
  const password = `pw-${suffix}`;
  const admin = new Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.query(`CREATE ROLE ${user} LOGIN PASSWORD '${password}'`);
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${database}`;
  const owner = new Client({ connectionString: dbUrl.toString() });
  await owner.connect();
  await owner.query(`
    CREATE TABLE public.customers (
      id integer PRIMARY KEY,
      email text NOT NULL,
      first_name text,
      plan text,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    INSERT INTO public.customers (id, email, first_name, plan)
    SELECT n, 'buyer' || n || '.${suffix}@e2e.meridian.dev', 'Buyer ' || n, CASE WHEN n % 2 = 0 THEN 'pro' ELSE 'free' END
      FROM generate_series(1, 5) AS n;
    GRANT USAGE ON SCHEMA public TO ${user};
    GRANT SELECT ON public.customers TO ${user};
  `);
  const relay = await startRelay(Number(adminUrl.port));
  return {
    database,
    user,
    password,
    port: relay.port,
    sql: (text: string) => owner.query(text),
    setPassword: (value: string) => admin.query(`ALTER ROLE ${user} PASSWORD '${value}'`),
    async drop() {
      await owner.end();
      await new Promise((resolve) => relay.server.close(resolve));
      for (const socket of relay.sockets) socket.destroy();
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.query(`DROP ROLE IF EXISTS ${user}`);
      await admin.end();
    },
  };
}

/** A TCP relay from 127.0.0.2 to the Postgres on 127.0.0.1. */
async function startRelay(target: number): Promise<{ server: Server; port: number; sockets: Set<Socket> }> {
  const sockets = new Set<Socket>();
  const server = createServer((inbound) => {
    const outbound = connect(target, '127.0.0.1');
    for (const socket of [inbound, outbound]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    inbound.pipe(outbound).pipe(inbound);
    inbound.on('close', () => outbound.destroy());
    outbound.on('close', () => inbound.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
  return { server, port: (server.address() as AddressInfo).port, sockets };
}
