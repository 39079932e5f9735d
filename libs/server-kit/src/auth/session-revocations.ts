import { randomUUID } from 'node:crypto';
import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
  Optional,
} from '@nestjs/common';
import { events } from '@meridian/contracts';
import type { Logger } from 'pino';
import { EVENT_TRANSPORT, type EventSubscription, type EventTransport } from '../events/event-transport';
import { EVENTS_OPTIONS, type EventsModuleOptions } from '../events/events.options';
import { WakeLoop } from '../events/wake-loop';
import { LOGGER } from '../logging/logger.module';
import { HttpTokenVerifier } from './http-token-verifier';
import { TOKEN_VERIFIER, type TokenVerifier } from './token-verifier';

/**
 * Feeds the auth service's sessionRevoked (and accountChanged: roles) events to the session
 * cache of this process. Every
 * process (every replica) needs every revocation, so each subscribes as a consumer group of its
 * own (a shared group would hand each event to one replica only); a group that is new reads the
 * topic from its start, which only drops entries that are not there. The cache believes nothing
 * until the subscription stands, so a service without an event transport asks auth every time.
 * A process started while the broker is away subscribes once it is back (retried with a backoff)
 * and asks auth every time until then, instead of failing its start.
 */
@Injectable()
export class SessionRevocations implements OnApplicationBootstrap, OnModuleDestroy {
  private subscription: EventSubscription | null = null;
  private retry: WakeLoop | null = null;
  private stopped = false;

  constructor(
    @Inject(TOKEN_VERIFIER) private readonly verifier: TokenVerifier,
    @Inject(LOGGER) private readonly logger: Logger,
    @Optional() @Inject(EVENT_TRANSPORT) private readonly transport: EventTransport | null,
    @Optional() @Inject(EVENTS_OPTIONS) private readonly options: EventsModuleOptions | null,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!(this.verifier instanceof HttpTokenVerifier) || !this.transport) return;
    try {
      await this.follow(this.transport, this.verifier);
    } catch (error) {
      const [transport, verifier] = [this.transport, this.verifier];
      this.logger.warn({ err: error }, 'session cache cannot follow revocations yet; retrying');
      this.retry = new WakeLoop(
        async () => {
          await this.follow(transport, verifier);
          return false;
        },
        (err, attempt) =>
          this.logger.warn({ err, attempt }, 'session cache cannot follow revocations yet; retrying'),
        { initialMs: 1000, maxMs: 30_000 },
      );
      this.retry.wake();
    }
  }

  private async follow(transport: EventTransport, verifier: HttpTokenVerifier): Promise<void> {
    const cache = verifier.cache;
    // Outside the service's own prefix: tools that watch '<schema>.%' groups catch up see consumers only.
    const group = `session-cache.${this.options?.schema ?? 'service'}.${randomUUID()}`;
    const followed = [events.sessionRevoked, events.accountChanged];
    const subscription = await transport.subscribe(group, followed, async (envelope) => {
      if (envelope.name === events.sessionRevoked.name) {
        const revoked = events.sessionRevoked.payload.parse(envelope.payload);
        cache.revoke(revoked.account_id, revoked.session_ids);
      } else if (envelope.name === events.accountChanged.name) {
        // New roles: the account's sessions are asked for again.
        cache.revoke(events.accountChanged.payload.parse(envelope.payload).account_id);
      }
    });
    if (this.stopped) {
      await subscription.close();
      return;
    }
    this.subscription = subscription;
    cache.setListening(true);
    this.logger.debug({ group }, 'session cache follows revocations');
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    // An attempt in progress is not waited for: what it subscribes after this is closed at once.
    void this.retry?.stop();
    if (this.verifier instanceof HttpTokenVerifier) this.verifier.cache.setListening(false);
    const subscription = this.subscription;
    this.subscription = null;
    // The transport may have closed it already (its module can go first).
    await subscription?.close().catch(() => undefined);
  }
}
