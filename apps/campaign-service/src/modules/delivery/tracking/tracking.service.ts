import { Injectable } from '@nestjs/common';
import { emailEvents, INVALID_TRACKING_LINK } from '@meridian/contracts';
import { EventPublisher, NotFoundError, Transactions } from '@meridian/server-kit';
import { UnsubscribeLinks } from '../../assets/personalisation';
import { PersonsBulkService } from '../../contacts/persons/persons-bulk.service';
import { UnsubscribeUrlService } from '../../settings/email-settings/unsubscribe-url.service';
import { INVALID_UNSUBSCRIBE_LINK } from '../unsubscribe/unsubscribe.service';
import type { Requester } from './scanner-detection';
import { TrackingBuffer } from './tracking-buffer.service';
import { messageFields } from '../event-message';
import { redirectLocation } from '../redirect-location';
import {
  type TrackingKey,
  trackingKeyObject,
  type TrackingKind,
  type TrackingTarget,
  verifyTrackingToken,
} from './tracking-tokens';
import { TrackingRepository } from './tracking.repository';

/** Messages whose links are kept in memory: a mail's clicks come in bursts, its links never change. */
const LINK_CACHE_SIZE = 10_000;

/**
 * The public tracking links: opens and clicks are judged and written in batches by the buffer;
 * an unsubscribe is written at once, with its event, before the answer.
 */
@Injectable()
export class TrackingService {
  private key: TrackingKey | null = null;
  private readonly links = new Map<string, string[]>();

  constructor(
    private readonly signing: UnsubscribeLinks,
    private readonly buffer: TrackingBuffer,
    private readonly tracking: TrackingRepository,
    private readonly transactions: Transactions,
    private readonly events: EventPublisher,
    private readonly optOutPages: UnsubscribeUrlService,
    private readonly persons: PersonsBulkService,
  ) {}

  private async target(token: string, kind: TrackingKind): Promise<TrackingTarget | null> {
    // A KeyObject: each pixel's and click's HMAC then skips importing the raw key.
    this.key ??= trackingKeyObject(await this.signing.signingKey());
    return this.verified(this.key, token, kind);
  }

  private verified(key: TrackingKey, token: string, kind: TrackingKind): TrackingTarget | null {
    const target = verifyTrackingToken(key, token);
    return target?.kind === kind ? target : null;
  }

  /*
   * Open and click answer synchronously once the key is loaded (and, for a click, the message's
   * links are cached): no promise per hit on the two paths every mail client hits.
   */

  /** Records an open of a message we signed; anything else is ignored (the pixel is sent anyway). */
  open(token: string, requester: Requester): void | Promise<void> {
    if (!this.key) return this.target(token, 'open').then(() => this.open(token, requester));
    const target = this.verified(this.key, token, 'open');
    if (!target) return;
    this.buffer.push({ kind: 'open', messageId: target.messageId, url: null, at: new Date(), ...requester });
  }

  /** The URL to send the click to: the link of that index stored for that message, nothing else. */
  click(token: string, requester: Requester): string | Promise<string> {
    if (!this.key) return this.target(token, 'click').then(() => this.click(token, requester));
    const target = this.verified(this.key, token, 'click');
    if (!target) throw new NotFoundError(INVALID_TRACKING_LINK);
    const links = this.links.get(target.messageId);
    if (!links) {
      return this.loadLinks(target.messageId).then((loaded) => this.redirect(target, loaded, requester));
    }
    return this.redirect(target, links, requester);
  }

  private redirect(target: TrackingTarget, links: string[] | null, requester: Requester): string {
    const url = links?.[target.link ?? -1];
    const location = url === undefined ? null : redirectLocation(url);
    if (!url || !location) throw new NotFoundError(INVALID_TRACKING_LINK);
    this.buffer.push({ kind: 'click', messageId: target.messageId, url, at: new Date(), ...requester });
    return location;
  }

  private async loadLinks(messageId: string): Promise<string[] | null> {
    const message = await this.tracking.messageLinks(messageId);
    if (!message) return null;
    if (this.links.size >= LINK_CACHE_SIZE) this.links.delete(this.links.keys().next().value!);
    this.links.set(messageId, message.links);
    return message.links;
  }

  /** Throws the 404 unless the unsubscribe link is ours and its message still exists. */
  async checkUnsubscribe(token: string): Promise<void> {
    const target = await this.target(token, 'unsubscribe');
    if (!target || !(await this.tracking.messageLinks(target.messageId))) {
      throw new NotFoundError(INVALID_UNSUBSCRIBE_LINK);
    }
  }

  /**
   * Unsubscribes the person the message was sent to; the unsubscribe and its event commit
   * together, once per person. Returns the opt-out page of the message's organisation.
   */
  async unsubscribe(token: string): Promise<string> {
    const target = await this.target(token, 'unsubscribe');
    if (!target) throw new NotFoundError(INVALID_UNSUBSCRIBE_LINK);
    const organisationId = await this.transactions.run(async (tx) => {
      const message = await this.tracking.lockMessage(tx, target.messageId);
      if (!message) return null;
      const at = new Date();
      await this.tracking.stampUnsubscribed(tx, message.id, at);
      // The person's flag is the persons module's to write; recorded and published once, never toggled back.
      const changed = await this.persons.markUnsubscribed(tx, message.organisation_id, [
        { personId: message.person_id, at },
      ]);
      if (changed.length > 0) {
        await this.tracking.addUnsubscribeActivity(tx, message, at);
        await this.events.publish(tx, emailEvents.emailUnsubscribed, messageFields(message, at));
      }
      return message.organisation_id;
    });
    if (!organisationId) throw new NotFoundError(INVALID_UNSUBSCRIBE_LINK);
    return this.optOutPages.optOutPage(organisationId);
  }
}
