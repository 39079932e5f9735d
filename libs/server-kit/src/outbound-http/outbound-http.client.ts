import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupAddress } from 'node:dns';
import type { Socket } from 'node:net';
import tls from 'node:tls';
import { isPublicAddress, parseAddress } from './address-policy';
import { OutboundAllowList } from './allow-list';
import { OutboundHttpError, outboundMessages } from './outbound-http.errors';
import { isRefusedTarget } from './target-check';

/** Resolves a host name to its addresses (the default is the system resolver, `dns.lookup`). */
export type OutboundResolver = (hostname: string) => Promise<LookupAddress[]>;

export interface OutboundHttpOptions {
  /** `OUTBOUND_ALLOWED_HOSTS`: internal hosts, IPs and CIDRs an operator permits. */
  allowedHosts?: readonly string[];
  resolver?: OutboundResolver;
  connectTimeoutMs?: number;
  maxResponseBytes?: number;
  maxRedirects?: number;
  /** Extra trusted certificate authorities (PEM) for https targets, beside the system's roots. */
  extraCa?: readonly string[];
}

export interface OutboundRequest {
  url: string;
  method: string;
  headers?: Record<string, string>;
  body?: string | Buffer | null;
  /** The whole call: connect, redirects and reading the response. */
  timeoutMs: number;
}

export interface OutboundResponse {
  /** Where the response came from, after redirects. */
  url: string;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** The body was longer than the size cap; `body` holds its first bytes. */
  truncated: boolean;
  elapsedMs: number;
  redirects: number;
}

export const OUTBOUND_DEFAULTS = {
  connectTimeoutMs: 5_000,
  maxResponseBytes: 1024 * 1024,
  maxRedirects: 5,
} as const;

/** Headers the client owns: the caller's values for them are dropped. */
const OWN_HEADERS = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
]);
/** Headers that must not follow a redirect to another origin. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'cookie', 'proxy-authorization']);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'ENODATA', 'EAI_NONAME', 'EAI_FAIL']);

interface Hop {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: Buffer | null;
}

/**
 * The one way services call user-given URLs (webhooks, previews). It refuses loopback, private,
 * link-local, shared, reserved and tunnelled targets in any spelling: IP literals are checked before
 * a socket opens, host names inside the connection's own DNS lookup (so a name that re-resolves to
 * an internal address between two checks is still refused), and the connected peer once more. Each
 * redirect is a new, re-checked hop. Connect and total timeouts, and a response size cap.
 */
export class OutboundHttpClient {
  private readonly allowList: OutboundAllowList;
  private readonly resolver: OutboundResolver;
  private readonly connectTimeoutMs: number;
  private readonly maxResponseBytes: number;
  private readonly maxRedirects: number;
  private readonly ca: string[] | undefined;

  constructor(options: OutboundHttpOptions = {}) {
    this.allowList = new OutboundAllowList(options.allowedHosts ?? []);
    this.resolver = options.resolver ?? ((hostname) => dnsLookup(hostname, { all: true, verbatim: true }));
    this.connectTimeoutMs = options.connectTimeoutMs ?? OUTBOUND_DEFAULTS.connectTimeoutMs;
    this.maxResponseBytes = options.maxResponseBytes ?? OUTBOUND_DEFAULTS.maxResponseBytes;
    this.maxRedirects = options.maxRedirects ?? OUTBOUND_DEFAULTS.maxRedirects;
    // Node's `ca` replaces the roots, so the extra ones are added to them.
    this.ca = options.extraCa?.length ? [...tls.rootCertificates, ...options.extraCa] : undefined;
  }

  /** Whether a connection to `address` for the URL host `hostname` is permitted. */
  permits(hostname: string, address: string): boolean {
    return (
      isPublicAddress(address) ||
      this.allowList.permitsHost(hostname) ||
      this.allowList.permitsAddress(address)
    );
  }

  /**
   * Whether a URL would be refused as an internal target, for refusing it when it is saved (the
   * message is `outboundMessages.refused`, as when it is called). Host names are resolved now.
   */
  refusesTarget(url: string, resolveTimeoutMs = 3_000): Promise<boolean> {
    return isRefusedTarget(url, {
      permits: (host, address) => this.permits(host, address),
      resolver: this.resolver,
      resolveTimeoutMs,
    });
  }

  async request(request: OutboundRequest): Promise<OutboundResponse> {
    const started = performance.now();
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), request.timeoutMs);
    try {
      let hop: Hop = {
        url: parseTarget(request.url),
        method: request.method.toUpperCase(),
        headers: ownHeadersRemoved(request.headers ?? {}),
        body: request.body === null || request.body === undefined ? null : Buffer.from(request.body),
      };
      for (let redirects = 0; ; redirects++) {
        const response = await this.send(hop, deadline.signal, request.timeoutMs);
        const location = response.headers.location;
        if (!REDIRECTS.has(response.status) || location === undefined) {
          return {
            url: hop.url.href,
            status: response.status,
            headers: response.headers,
            body: response.body,
            truncated: response.truncated,
            elapsedMs: Math.round(performance.now() - started),
            redirects,
          };
        }
        if (redirects >= this.maxRedirects) {
          throw new OutboundHttpError('redirects', outboundMessages.redirects(this.maxRedirects));
        }
        hop = nextHop(hop, response.status, location);
      }
    } finally {
      clearTimeout(timer);
    }
  }

  private send(
    hop: Hop,
    deadline: AbortSignal,
    totalMs: number,
  ): Promise<{ status: number; headers: Record<string, string>; body: Buffer; truncated: boolean }> {
    const { url } = hop;
    const host = url.hostname;
    const literal = parseAddress(host);
    // An IP literal never goes through `lookup`: judge it before any packet is sent.
    if (literal && !this.permits(host, literal.toString())) {
      return Promise.reject(new OutboundHttpError('refused', outboundMessages.refused));
    }
    if (deadline.aborted)
      return Promise.reject(new OutboundHttpError('timeout', outboundMessages.timeout(totalMs / 1000)));
    const transport = url.protocol === 'https:' ? https : http;
    const headers = { ...hop.headers, ...(hop.body ? { 'content-length': String(hop.body.length) } : {}) };

    return new Promise((resolve, reject) => {
      let settled = false;
      let connectTimer: NodeJS.Timeout | undefined;
      const fail = (error: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(connectTimer);
        reject(this.failure(error, host, deadline, totalMs));
      };

      let req: http.ClientRequest;
      try {
        req = transport.request({
          protocol: url.protocol,
          hostname: literal ? literal.toString() : host,
          port: url.port || undefined,
          path: `${url.pathname}${url.search}`,
          method: hop.method,
          headers,
          auth:
            url.username || url.password
              ? `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`
              : undefined,
          servername: literal ? undefined : host,
          agent: false,
          ...(this.ca && url.protocol === 'https:' ? { ca: this.ca } : {}),
          lookup: this.guardedLookup(host),
          signal: deadline,
        });
      } catch (error) {
        // Node refuses some requests before sending a byte (a header value it cannot encode).
        fail(error);
        return;
      }

      req.on('socket', (socket: Socket) => {
        const onConnect = () => {
          clearTimeout(connectTimer);
          // The peer actually reached, whatever resolved it: the last word before any byte is written.
          const peer = socket.remoteAddress;
          if (!peer || !this.permits(host, peer)) {
            fail(new OutboundHttpError('refused', outboundMessages.refused));
            req.destroy();
          }
        };
        if (!socket.connecting) return onConnect();
        connectTimer = setTimeout(() => {
          fail(
            new OutboundHttpError(
              'timeout',
              outboundMessages.connectTimeout(host, this.connectTimeoutMs / 1000),
            ),
          );
          req.destroy();
        }, this.connectTimeoutMs);
        socket.once('connect', onConnect);
      });

      req.on('error', fail);
      req.on('response', (response: IncomingMessage) => {
        this.readBody(response, hop.method === 'HEAD').then(({ body, truncated }) => {
          if (settled) return;
          settled = true;
          resolve({
            status: response.statusCode ?? 0,
            headers: flatHeaders(response.headers),
            body,
            truncated,
          });
        }, fail);
      });
      req.end(hop.body ?? undefined);
    });
  }

  /** Reads up to the size cap; past it, keeps the first bytes and hangs up. */
  private readBody(
    response: IncomingMessage,
    isHead: boolean,
  ): Promise<{ body: Buffer; truncated: boolean }> {
    if (isHead) {
      response.resume();
      return Promise.resolve({ body: Buffer.alloc(0), truncated: false });
    }
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let done = false;
      response.on('data', (chunk: Buffer) => {
        if (done) return;
        if (size + chunk.length > this.maxResponseBytes) {
          chunks.push(chunk.subarray(0, this.maxResponseBytes - size));
          done = true;
          resolve({ body: Buffer.concat(chunks), truncated: true });
          response.destroy();
          return;
        }
        chunks.push(chunk);
        size += chunk.length;
      });
      response.on('end', () => {
        if (done) return;
        done = true;
        resolve({ body: Buffer.concat(chunks), truncated: false });
      });
      response.on('error', (error) => {
        if (done) return;
        done = true;
        reject(error);
      });
      response.on('aborted', () => {
        if (done) return;
        done = true;
        reject(Object.assign(new Error('The response was cut off'), { code: 'ECONNRESET' }));
      });
    });
  }

  /**
   * The socket's DNS lookup: resolves, then refuses when any address is not permitted. Because the
   * connection uses exactly these addresses, a second answer cannot slip an internal one in.
   */
  private guardedLookup(hostname: string) {
    return (
      name: string,
      options: { all?: boolean },
      callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
    ) => {
      this.resolver(name).then(
        (addresses) => {
          const [first] = addresses;
          if (first === undefined) {
            return callback(Object.assign(new Error(`No address for ${name}`), { code: 'ENOTFOUND' }), '');
          }
          if (addresses.some((entry) => !this.permits(hostname, entry.address))) {
            return callback(new OutboundHttpError('refused', outboundMessages.refused), '');
          }
          if (options.all) return callback(null, addresses);
          return callback(null, first.address, first.family);
        },
        (error: Error) => callback(error, ''),
      );
    };
  }

  private failure(error: unknown, host: string, deadline: AbortSignal, totalMs: number): OutboundHttpError {
    if (error instanceof OutboundHttpError) return error;
    if (deadline.aborted) return new OutboundHttpError('timeout', outboundMessages.timeout(totalMs / 1000));
    const code = (error as { code?: string }).code ?? 'ERROR';
    if (DNS_CODES.has(code)) return new OutboundHttpError('dns', outboundMessages.dns(host));
    return new OutboundHttpError('connection', outboundMessages.connection(host, code));
  }
}

function parseTarget(value: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    throw new OutboundHttpError('invalid_url', outboundMessages.invalidUrl);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') {
    throw new OutboundHttpError('invalid_url', outboundMessages.invalidUrl);
  }
  return url;
}

function ownHeadersRemoved(headers: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!OWN_HEADERS.has(name.toLowerCase())) kept[name] = value;
  }
  return kept;
}

/** Browsers' rules: 303 (and 301/302 after a POST) become a GET without body; 307/308 resend as is. */
function nextHop(previous: Hop, status: number, location: string): Hop {
  const url = parseTarget(location, previous.url);
  const toGet =
    status === 303
      ? previous.method !== 'HEAD'
      : (status === 301 || status === 302) && previous.method === 'POST';
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(previous.headers)) {
    const lower = name.toLowerCase();
    if (url.origin !== previous.url.origin && CREDENTIAL_HEADERS.has(lower)) continue;
    if (toGet && lower === 'content-type') continue;
    headers[name] = value;
  }
  return { url, method: toGet ? 'GET' : previous.method, headers, body: toGet ? null : previous.body };
}

function flatHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}
