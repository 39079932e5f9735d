import { Client } from 'pg';
import type { Logger } from 'pino';

export interface PgListenerOptions {
  connectionString: string;
  channels: readonly string[];
  onNotify: (channel: string, payload: string) => void;
  /** Called after a (re)connection: notifications sent meanwhile were missed. */
  onConnect: () => void;
  logger: Logger;
  applicationName: string;
}

/**
 * One dedicated connection that LISTENs (a pooled connection cannot: the pool
 * hands it to someone else). Reconnects with a backoff when the server goes away.
 */
export class PgListener {
  private client: Client | null = null;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private attempts = 0;

  constructor(private readonly options: PgListenerOptions) {}

  get connected(): boolean {
    return this.client !== null;
  }

  async start(): Promise<void> {
    await this.connect();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new Client({
      connectionString: this.options.connectionString,
      application_name: this.options.applicationName,
    });
    client.on('notification', (message) => this.options.onNotify(message.channel, message.payload ?? ''));
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    try {
      await client.connect();
      for (const channel of this.options.channels)
        await client.query(`LISTEN "${channel.replace(/"/g, '')}"`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.attempts = 0;
    this.options.onConnect();
  }

  private lost(client: Client, error: Error): void {
    if (this.client !== client || this.closed) return;
    this.client = null;
    this.options.logger.warn({ err: error }, 'event listener connection lost; reconnecting');
    client.end().catch(() => undefined);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    this.attempts += 1;
    const delay = Math.min(30_000, 200 * 2 ** Math.min(this.attempts, 8));
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.closed) return;
      this.connect().catch((error: unknown) => {
        this.options.logger.warn({ err: error }, 'event listener reconnect failed');
        this.scheduleReconnect();
      });
    }, delay);
    this.reconnectTimer.unref();
  }
}
