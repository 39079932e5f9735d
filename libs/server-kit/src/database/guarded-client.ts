import { Client, type ClientConfig } from 'pg';

/**
 * A pg client that always has an 'error' listener. pg emits 'error' when a connection closes under
 * a client (a terminated backend, a failover), and a pool listens only while its client is idle:
 * one checked out and waiting between two queries would end the process. The caller still learns
 * of the loss from its next query, and the pool discards the client when it comes back.
 */
export class GuardedClient extends Client {
  constructor(config?: string | ClientConfig) {
    super(config);
    this.on('error', () => undefined);
  }
}
