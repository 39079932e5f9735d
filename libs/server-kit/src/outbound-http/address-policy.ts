import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** Why an address may not be called; `public` when it may. */
export type AddressClass =
  | 'public'
  | 'invalid'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'shared'
  | 'multicast'
  | 'broadcast'
  | 'reserved'
  | 'tunnel';

/**
 * IPv4 ranges that are not reachable public hosts, beyond the ones ipaddr.js names. ipaddr.js already
 * covers 0/8, 10/8, 100.64/10, 127/8, 169.254/16, 172.16/12, 192.168/16, the documentation nets,
 * 198.18/15 (benchmarking), 224/4, 240/4 and 255.255.255.255; these close the rest of RFC 6890.
 */
const EXTRA_V4: Array<[string, AddressClass]> = [
  ['192.0.0.0/24', 'reserved'], // IETF protocol assignments (incl. 192.0.0.170 NAT64 discovery)
  ['192.31.196.0/24', 'reserved'], // AS112
  ['192.52.193.0/24', 'reserved'], // AMT
  ['192.88.99.0/24', 'reserved'], // 6to4 relay anycast
  ['192.175.48.0/24', 'reserved'], // AS112 direct delegation
];
const extraV4 = EXTRA_V4.map(([cidr, kind]) => [ipaddr.IPv4.parseCIDR(cidr), kind] as const);

const V4_CLASS: Record<string, AddressClass> = {
  unspecified: 'unspecified',
  broadcast: 'broadcast',
  multicast: 'multicast',
  linkLocal: 'link-local',
  loopback: 'loopback',
  carrierGradeNat: 'shared',
  private: 'private',
};

function classifyV4(address: ipaddr.IPv4): AddressClass {
  const range = address.range();
  if (range !== 'unicast') return V4_CLASS[range] ?? 'reserved';
  for (const [cidr, kind] of extraV4) if (address.match(cidr)) return kind;
  return 'public';
}

const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');
const NAT64 = [ipaddr.IPv6.parseCIDR('64:ff9b::/96'), ipaddr.IPv6.parseCIDR('64:ff9b:1::/48')];
const SIX_TO_FOUR = ipaddr.IPv6.parseCIDR('2002::/16');

const V6_CLASS: Record<string, AddressClass> = {
  unspecified: 'unspecified',
  linkLocal: 'link-local',
  multicast: 'multicast',
  loopback: 'loopback',
  uniqueLocal: 'private',
  deprecatedSiteLocal: 'private',
  teredo: 'tunnel',
};

const v4From = (bytes: number[]) => new ipaddr.IPv4(bytes);

function classifyV6(address: ipaddr.IPv6): AddressClass {
  // ::ffff:a.b.c.d is the IPv4 host itself (the socket would reach it).
  if (address.isIPv4MappedAddress()) return classifyV4(address.toIPv4Address());
  const bytes = address.toByteArray();
  // NAT64 and 6to4 carry an IPv4 address a translator or relay will reach: judge that one.
  if (NAT64.some((cidr) => address.match(cidr))) {
    const inner = classifyV4(v4From(bytes.slice(12, 16)));
    return inner === 'public' ? 'public' : inner;
  }
  if (address.match(SIX_TO_FOUR)) {
    const inner = classifyV4(v4From(bytes.slice(2, 6)));
    return inner === 'public' ? 'public' : inner;
  }
  const range = address.range();
  if (range !== 'unicast') return V6_CLASS[range] ?? 'reserved';
  // Only global unicast space is routable on the internet; everything else (::/96 IPv4-compatible,
  // 100::/64 discard, and the unassigned rest) is refused.
  if (!address.match(GLOBAL_UNICAST)) return 'reserved';
  return 'public';
}

/** Parses an address literal (IPv4 dotted quad or IPv6, brackets and zone id allowed). */
export function parseAddress(value: string): Address | null {
  const bare = value.startsWith('[') && value.endsWith(']') ? value.slice(1, -1) : value;
  const withoutZone = bare.includes(':') ? bare.replace(/%.*$/, '') : bare;
  // Only canonical forms: WHATWG URL parsing has already turned 0x7f.1 / 2130706433 into dotted quads.
  if (ipaddr.IPv4.isValidFourPartDecimal(withoutZone)) return ipaddr.IPv4.parse(withoutZone);
  if (withoutZone.includes(':') && ipaddr.IPv6.isValid(withoutZone)) return ipaddr.IPv6.parse(withoutZone);
  return null;
}

/** What kind of target an address is. Anything other than `public` is refused unless allow-listed. */
export function classifyAddress(value: string): AddressClass {
  const address = parseAddress(value);
  if (!address) return 'invalid';
  return address.kind() === 'ipv4' ? classifyV4(address as ipaddr.IPv4) : classifyV6(address as ipaddr.IPv6);
}

export function isPublicAddress(value: string): boolean {
  return classifyAddress(value) === 'public';
}
