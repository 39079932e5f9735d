import { Inject, Injectable } from '@nestjs/common';
import { type ParsedRequestOf, templateMessages, templateSendEmailContract } from '@meridian/contracts';
import {
  MAIL_DEFAULT_SENDER,
  MAIL_PORT,
  type MailPort,
  type RequestContext,
  ValidationError,
} from '@meridian/server-kit';
import { z } from 'zod';
import { PersonalisationService } from '../personalisation';
import {
  type GlobalEmailSetting,
  resolveSender,
  type SenderAddress,
  senderTokenTexts,
  templateSenderValues,
} from './sender';
import { TemplatesError } from './templates.errors';
import { TemplatesService } from './templates.service';

type SendInput = ParsedRequestOf<typeof templateSendEmailContract>;

/** Where the organisation's global email setting comes from; the email settings feature provides it. */
export interface GlobalEmailSettings {
  get(orgId: string): Promise<GlobalEmailSetting | null>;
}
export const GLOBAL_EMAIL_SETTINGS = Symbol('GLOBAL_EMAIL_SETTINGS');

const isEmail = (value: string) => z.email().safeParse(value).success;

/**
 * 'Send test email': the editor's current subject and HTML, personalised for each 'Receive as'
 * person and mailed to that person's address.
 */
@Injectable()
export class TemplateTestSendService {
  constructor(
    private readonly templates: TemplatesService,
    private readonly personalisation: PersonalisationService,
    @Inject(GLOBAL_EMAIL_SETTINGS) private readonly globalSettings: GlobalEmailSettings,
    @Inject(MAIL_PORT) private readonly mail: MailPort,
    @Inject(MAIL_DEFAULT_SENDER) private readonly platformSender: SenderAddress,
  ) {}

  async send(auth: RequestContext, input: SendInput): Promise<string[]> {
    await this.templates.require(auth, input.template_id);
    const texts = { subject: input.subject, content: input.content, ...senderTokenTexts(input.sender_meta) };
    const rendered = await this.personalisation.renderForPersons(auth.organisationId, {
      texts,
      // Decisions, "Personalised HTML": values land escaped in the email HTML, as is in the subject.
      modes: { content: 'html' },
      persons: input.person_ids,
      campaignContext: input.campaign_context,
    });
    if (rendered.length < input.person_ids.length) {
      throw new TemplatesError('PersonNotFoundException', templateMessages.personNotFound);
    }
    const global = await this.globalSettings.get(auth.organisationId);
    const mails = rendered.map(({ person, texts: out, errors }) => {
      const failed = Object.entries(errors).filter(([key]) => key === 'subject' || key === 'content');
      if (failed.length > 0)
        throw new ValidationError(Object.fromEntries(failed.map(([key, message]) => [key, [message]])));
      if (!isEmail(person.email)) {
        throw new TemplatesError('InvalidEmailException', templateMessages.validEmailRequired, 'person_ids');
      }
      const sender = resolveSender(templateSenderValues(input, out), this.platformSender, global);
      if ('invalid' in sender)
        throw new TemplatesError('InvalidEmailException', templateMessages.invalidEmail, sender.invalid);
      return {
        to: [person.email],
        from: sender.from,
        ...(sender.replyTo ? { replyTo: sender.replyTo } : {}),
        // A subject is one line, whatever the tokens in it render to.
        subject: (out.subject ?? input.subject).replace(/\s+/g, ' ').trim(),
        html: out.content ?? input.content,
      };
    });
    // Everything is checked before the first mail leaves, so a bad recipient sends nothing.
    for (const message of mails) await this.mail.send(message);
    return mails.map((message) => message.to[0]!);
  }
}
