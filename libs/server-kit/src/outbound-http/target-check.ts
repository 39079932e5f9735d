import { parseAddress } from './address-policy';
import type { OutboundResolver } from './outbound-http.client';

export interface TargetCheck {
  /** Whether a connection to `address` for the URL host `hostname` is permitted (the client's rule). */
  permits(hostname: string, address: string): boolean;
  resolver: OutboundResolver;
  /** How long a name may take to resolve before it is left to the call to judge. */
  resolveTimeoutMs: number;
}

/**
 * Whether a URL is an internal target by the rules of the calls themselves: an IP literal that is
 * not permitted, or a host name that resolves now to any address that is not. A name that does not
 * resolve (yet) is not refused here; the call checks every connection again anyway.
 */
export async function isRefusedTarget(value: string, check: TargetCheck): Promise<boolean> {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  const host = url.hostname;
  const literal = parseAddress(host);
  if (literal) return !check.permits(host, literal.toString());
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), check.resolveTimeoutMs);
  });
  try {
    const addresses = await Promise.race([check.resolver(host).catch(() => null), timeout]);
    return addresses !== null && addresses.some((entry) => !check.permits(host, entry.address));
  } finally {
    clearTimeout(timer);
  }
}
