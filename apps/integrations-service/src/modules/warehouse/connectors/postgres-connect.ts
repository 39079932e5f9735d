import net from 'node:net';
import tls from 'node:tls';
import { type ConnectionTestStep, POSTGRES_DEFAULT_PORT, REDSHIFT_DEFAULT_PORT } from '@meridian/contracts';
import pg from 'pg';
import type { ResolvedHost } from './host-guard';
import type { WarehouseTarget } from './warehouse-session';
import { ConnectionTestError, seconds, stepMessages } from './warehouse.errors';

export interface PostgresConnectOptions {
  connectTimeoutMs: number;
  /** Extra certificate authorities (PEM) trusted beside the system roots. */
  extraCa?: readonly string[];
}

type TlsMode = 'require' | 'prefer';

/**
 * Opens a pg client to a checked address and names the step that failed: TCP (the socket),
 * TLS (the SSLRequest and the handshake, the certificate verified against the host name), auth
 * (the startup and login). Public hosts always need TLS; an internal host the operator allowed
 * may run without it (a database on the private network, a test database), TLS being tried first.
 */
export async function connectPostgres(
  target: WarehouseTarget,
  host: ResolvedHost,
  options: PostgresConnectOptions,
): Promise<pg.Client> {
  const mode: TlsMode = host.internal ? 'prefer' : 'require';
  try {
    return await attempt(target, host, options, true);
  } catch (error) {
    if (mode === 'prefer' && error instanceof NoTlsError) return attempt(target, host, options, false);
    if (error instanceof NoTlsError) {
      throw new ConnectionTestError(
        'tls',
        stepMessages.tls(host.host, 'the server does not accept TLS connections'),
      );
    }
    throw error;
  }
}

class NoTlsError extends Error {}

const TCP_CODES = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'EADDRNOTAVAIL',
  'ECONNRESET',
  'EPIPE',
]);
const TCP_REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'timed out',
  ECONNRESET: 'connection reset',
};

async function attempt(
  target: WarehouseTarget,
  host: ResolvedHost,
  options: PostgresConnectOptions,
  tls: boolean,
): Promise<pg.Client> {
  const port = target.port ?? (target.typ === 'redshift' ? REDSHIFT_DEFAULT_PORT : POSTGRES_DEFAULT_PORT);
  let step: ConnectionTestStep = 'tcp';
  const client = new pg.Client({
    host: host.address,
    port,
    user: target.user_name,
    password: target.password,
    database: target.database_name,
    application_name: 'meridian',
    ssl: tls ? tlsOptions(host, options) : false,
    // The socket is ours so the TCP step is seen to end.
    stream: () => {
      const socket = new net.Socket();
      socket.once('connect', () => {
        step = tls ? 'tls' : 'auth';
      });
      return socket;
    },
  });
  const connection = (client as unknown as { connection: pg.Connection & { stream: net.Socket } }).connection;
  connection.once('sslconnect', () => connection.stream.once('secureConnect', () => (step = 'auth')));
  // A late socket error after a failed connect must not crash the process.
  client.on('error', () => undefined);

  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const failed = timeoutError(step, host, port, options.connectTimeoutMs);
      void client.end().catch(() => undefined);
      (connection.stream as net.Socket | undefined)?.destroy();
      reject(failed);
    }, options.connectTimeoutMs);
  });
  try {
    await Promise.race([client.connect(), timedOut]);
    return client;
  } catch (error) {
    void client.end().catch(() => undefined);
    if (error instanceof ConnectionTestError) throw error;
    throw classify(error, step, target, host, port);
  } finally {
    clearTimeout(timer);
  }
}

function tlsOptions(host: ResolvedHost, options: PostgresConnectOptions): tls.ConnectionOptions {
  const ssl: tls.ConnectionOptions = { rejectUnauthorized: true };
  // The socket goes to the checked address; the certificate must still match the host's name
  // (an IP literal host is checked against the certificate's IP entries by default).
  if (net.isIP(host.host) === 0) ssl.servername = host.host;
  if (options.extraCa?.length) ssl.ca = [...tls.rootCertificates, ...options.extraCa];
  return ssl;
}

function timeoutError(step: ConnectionTestStep, host: ResolvedHost, port: number, ms: number) {
  if (step === 'tcp')
    return new ConnectionTestError('tcp', stepMessages.tcpTimeout(host.host, port, seconds(ms)));
  if (step === 'tls') {
    return new ConnectionTestError(
      'tls',
      stepMessages.tls(host.host, `no handshake within ${seconds(ms)} seconds`),
    );
  }
  return new ConnectionTestError('auth', stepMessages.loginTimeout(host.host, seconds(ms)));
}

/** Maps a pg or socket error to the step it belongs to. Server messages never hold the password. */
function classify(
  error: unknown,
  step: ConnectionTestStep,
  target: WarehouseTarget,
  host: ResolvedHost,
  port: number,
): Error {
  const { code, message } = error as { code?: string; message?: string };
  const text = message ?? String(error);
  if (text === 'The server does not support SSL connections') return new NoTlsError(text);
  if (code && /^[0-9A-Z]{5}$/.test(code)) {
    if (code === '42501')
      return new ConnectionTestError('permission', stepMessages.permission(target.user_name, text));
    if (code === '3D000') {
      return new ConnectionTestError(
        'auth',
        stepMessages.auth(target.user_name, `database ${target.database_name} does not exist`),
      );
    }
    return new ConnectionTestError('auth', stepMessages.auth(target.user_name, text));
  }
  if (step === 'tcp' || (code && TCP_CODES.has(code) && step !== 'tls')) {
    return new ConnectionTestError(
      'tcp',
      stepMessages.tcp(host.host, port, (code && TCP_REASONS[code]) ?? text),
    );
  }
  if (step === 'tls' || (code && (code.startsWith('ERR_TLS') || code.includes('CERT')))) {
    return new ConnectionTestError('tls', stepMessages.tls(host.host, text));
  }
  return new ConnectionTestError('auth', stepMessages.auth(target.user_name, text));
}
