import { Injectable } from '@nestjs/common';
import { NotFoundError } from '@meridian/server-kit';
import { UnsubscribeUrlService } from '../../settings/email-settings/unsubscribe-url.service';
import { UnsubscribeLinks } from '../../assets/personalisation';
import { PersonsService } from '../../contacts/persons/persons.service';

export const INVALID_UNSUBSCRIBE_LINK = 'This unsubscribe link is not valid';

/** The unsubscribe link of a mail: verify its signature, unsubscribe the person, say where to go. */
@Injectable()
export class UnsubscribeService {
  constructor(
    private readonly links: UnsubscribeLinks,
    private readonly persons: PersonsService,
    private readonly optOutPages: UnsubscribeUrlService,
  ) {}

  /** Throws the 404 unless the link is ours (the confirmation page is shown for our links only). */
  async check(token: string): Promise<void> {
    if (!(await this.links.verify(token))) throw new NotFoundError(INVALID_UNSUBSCRIBE_LINK);
  }

  /** The page to send the person to; a forged or mangled link changes nothing and is not found. */
  async unsubscribe(token: string): Promise<string> {
    const signed = await this.links.verify(token);
    if (!signed) throw new NotFoundError(INVALID_UNSUBSCRIBE_LINK);
    // A person deleted since the mail was sent gets no more mail either: the opt-out page is still the answer.
    await this.persons.markUnsubscribed(signed.orgId, signed.personId);
    return this.optOutPages.optOutPage(signed.orgId);
  }
}
