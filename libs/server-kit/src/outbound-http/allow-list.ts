import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { parseAddress } from './address-policy';

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/**
 * Targets an operator permits even though they are internal (a self-hosted CRM on the private
 * network): host names (exact, case-insensitive), IP addresses and CIDR ranges.
 */
export class OutboundAllowList {
  private readonly hosts = new Set<string>();
  private readonly ranges: Range[] = [];

  constructor(entries: readonly string[] = []) {
    for (const raw of entries) {
      const entry = raw.trim().toLowerCase();
      if (entry === '') continue;
      const range = parseRange(entry);
      if (range) this.ranges.push(range);
      else if (isHostName(entry)) this.hosts.add(entry.replace(/\.$/, ''));
      else throw new Error(`Not a host name, IP address or CIDR range: ${raw}`);
    }
  }

  get isEmpty(): boolean {
    return this.hosts.size === 0 && this.ranges.length === 0;
  }

  /** The URL's host name (as WHATWG URL normalised it) is allow-listed by name. */
  permitsHost(hostname: string): boolean {
    return this.hosts.has(hostname.toLowerCase().replace(/\.$/, ''));
  }

  /** The address is inside an allow-listed IP or range (IPv4-mapped IPv6 compared as IPv4). */
  permitsAddress(value: string): boolean {
    const parsed = parseAddress(value);
    if (!parsed) return false;
    const address =
      parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()
        ? (parsed as ipaddr.IPv6).toIPv4Address()
        : parsed;
    return this.ranges.some(([base, bits]) => base.kind() === address.kind() && address.match(base, bits));
  }
}

function parseRange(entry: string): Range | null {
  if (entry.includes('/')) {
    try {
      return ipaddr.parseCIDR(entry);
    } catch {
      return null;
    }
  }
  const address = parseAddress(entry);
  if (!address) return null;
  return [address, address.kind() === 'ipv4' ? 32 : 128];
}

function isHostName(entry: string): boolean {
  return /^(?=.{1,253}\.?$)([a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*\.?$/.test(
    entry,
  );
}

/**
 * `OUTBOUND_ALLOWED_HOSTS` as a config field: comma-separated host names, IPs and CIDRs; a bad entry
 * fails the boot with the others' problems.
 */
export const outboundAllowedHostsSchema = z
  .string()
  .default('')
  .transform((value, ctx) => {
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '');
    for (const entry of entries) {
      try {
        new OutboundAllowList([entry]);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
      }
    }
    return entries;
  });
