/**
 * The register form's domain rule (spec section 5): a public host name. Bare
 * words, reserved suffixes and IP addresses in private, loopback, link-local
 * or other non-routable ranges are refused; a public IPv4 address passes.
 */
const LABEL = '(?!-)[a-z0-9-]{1,63}(?<!-)';
const HOST_NAME = new RegExp(`^(?:${LABEL}\\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$`, 'i');
const IPV4 =
  /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/** Suffixes reserved for local or test use (RFC 2606, 6761, 6762, 8375; ICANN `.internal`). */
const RESERVED_SUFFIXES = [
  'localhost',
  'local',
  'internal',
  'test',
  'invalid',
  'example',
  'home.arpa',
  'onion',
];

/** IPv4 ranges that are not publicly routable, as [first octet, second-octet low, high]. */
const NON_PUBLIC_V4: ReadonlyArray<readonly [number, number, number]> = [
  [0, 0, 255], // "this" network
  [10, 0, 255], // private
  [100, 64, 127], // carrier-grade NAT
  [127, 0, 255], // loopback
  [169, 254, 254], // link-local
  [172, 16, 31], // private
  [192, 168, 168], // private
  [198, 18, 19], // benchmarking
];

function isPublicIpv4(octets: number[]): boolean {
  const [a, b, c] = octets as [number, number, number, number];
  if (a >= 224) return false; // multicast and reserved
  if (a === 192 && b === 0 && (c === 0 || c === 2)) return false; // IETF protocol and documentation ranges
  return !NON_PUBLIC_V4.some(([first, low, high]) => a === first && b >= low && b <= high);
}

export function isPublicDomain(value: string): boolean {
  const host = value.trim().toLowerCase();
  if (host.length === 0 || host.length > 253) return false;
  const ip = IPV4.exec(host);
  if (ip) return isPublicIpv4(ip.slice(1).map(Number));
  if (!HOST_NAME.test(host)) return false;
  return !RESERVED_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`));
}

/**
 * Product decisions, "Organisation domain": the registrant's email must be at the organisation's
 * domain or a subdomain of it (`ada@eu.acme.com` may register `acme.com`, not `acme.co`).
 */
export function isEmailAtDomain(email: string, domain: string): boolean {
  const host = email.trim().toLowerCase().split('@').pop() ?? '';
  const own = domain.trim().toLowerCase();
  return own.length > 0 && (host === own || host.endsWith(`.${own}`));
}
