import { lookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { OutboundAllowList, isPublicAddress, parseAddress } from '@meridian/server-kit';
import { ConnectionTestError, WarehouseError, seconds, stepMessages } from './warehouse.errors';

export type HostResolver = (host: string) => Promise<LookupAddress[]>;

/** Where a warehouse host may be reached, decided once per connection. */
export interface ResolvedHost {
  host: string;
  /** The address the socket connects to: the one that was checked (no second lookup to rebind). */
  address: string;
  /** An internal address the operator allowed (a warehouse on the private network, a test database). */
  internal: boolean;
}

/**
 * The webhooks' SSRF rules for warehouse hosts: a customer picks the host, so a name that resolves
 * to any loopback, private, link-local or otherwise internal address is refused unless the operator
 * allowed it (OUTBOUND_ALLOWED_HOSTS). The socket then connects to the checked address itself.
 */
export class WarehouseHostGuard {
  private readonly allowList: OutboundAllowList;

  constructor(
    allowedHosts: readonly string[],
    private readonly resolver: HostResolver = (host) => lookup(host, { all: true, verbatim: true }),
  ) {
    this.allowList = new OutboundAllowList(allowedHosts);
  }

  async resolve(host: string, timeoutMs: number): Promise<ResolvedHost> {
    const literal = parseAddress(host);
    const addresses = literal ? [literal.toString()] : await this.lookup(host, timeoutMs);
    let internal = false;
    for (const address of addresses) {
      if (isPublicAddress(address)) continue;
      if (!this.allowList.permitsHost(host) && !this.allowList.permitsAddress(address)) {
        throw new WarehouseError('ConnectionHostRefusedException', stepMessages.refused(host));
      }
      internal = true;
    }
    return { host, address: addresses[0]!, internal };
  }

  private async lookup(host: string, timeoutMs: number): Promise<string[]> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new ConnectionTestError('dns', `${stepMessages.dns(host)} within ${seconds(timeoutMs)} seconds`),
          ),
        timeoutMs,
      );
    });
    try {
      const found = await Promise.race([this.resolver(host), timeout]);
      if (found.length === 0) throw new ConnectionTestError('dns', stepMessages.dns(host));
      return found.map((entry) => entry.address);
    } catch (error) {
      if (error instanceof ConnectionTestError) throw error;
      const code = (error as { code?: string }).code;
      throw new ConnectionTestError(
        'dns',
        code ? `${stepMessages.dns(host)} (${code})` : stepMessages.dns(host),
      );
    } finally {
      clearTimeout(timer);
    }
  }
}
