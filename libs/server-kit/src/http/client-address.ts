import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';

/** Whether the hop at `address`, `hop` steps from the socket (0 = the socket's peer), is a trusted proxy. */
export type TrustProxy = (address: string, hop: number) => boolean;

/** The keywords Fastify's trustProxy takes, as ranges. */
const KEYWORDS: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** An IPv4 address on a dual-stack socket arrives as ::ffff:a.b.c.d; ranges are matched on the plain form. */
function plain(address: string): { address: string; type: 'ipv4' | 'ipv6' } | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const value = mapped ? mapped[1]! : address;
  const family = isIP(value);
  return family === 0 ? null : { address: value, type: family === 4 ? 'ipv4' : 'ipv6' };
}

/**
 * The trust rule of a service's `trustProxy` setting, with the meaning Fastify gives it: a number
 * of hops, or comma-separated addresses, CIDR ranges and the keywords loopback, linklocal and
 * uniquelocal.
 */
export function compileTrustProxy(setting: string | number | boolean): TrustProxy {
  if (setting === true) return () => true;
  if (setting === false) return () => false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  const ranges = new BlockList();
  for (const entry of setting
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    for (const range of KEYWORDS[entry] ?? [entry]) {
      const [address = '', bits] = range.split('/');
      const parsed = plain(address);
      if (!parsed) throw new Error(`trustProxy: not an address, range or keyword: ${entry}`);
      const max = parsed.type === 'ipv4' ? 32 : 128;
      // A mapped IPv4 range written in IPv6 form (::ffff:10.0.0.0/104) is its IPv4 range.
      const prefix = bits === undefined ? max : Number(bits) - (parsed.address === address ? 0 : 96);
      if (!Number.isInteger(prefix) || prefix < 0 || prefix > max) {
        throw new Error(`trustProxy: not an address, range or keyword: ${entry}`);
      }
      ranges.addSubnet(parsed.address, prefix, parsed.type);
    }
  }
  return (address) => {
    const parsed = plain(address);
    return parsed !== null && ranges.check(parsed.address, parsed.type);
  };
}

/**
 * The client's address as Fastify's `request.ip` gives it: the socket's peer, then back through
 * X-Forwarded-For (nearest hop first) for as long as each hop is a trusted proxy.
 */
export function clientAddress(request: IncomingMessage, trust: TrustProxy): string | undefined {
  const socket = request.socket.remoteAddress;
  if (socket === undefined) return undefined;
  let address = socket;
  const header = request.headers['x-forwarded-for'];
  if (!header || typeof header !== 'string') return address;
  const hops = header
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean)
    .reverse();
  for (let hop = 0; hop < hops.length; hop++) {
    if (!trust(address, hop)) return address;
    address = hops[hop]!;
  }
  return address;
}
