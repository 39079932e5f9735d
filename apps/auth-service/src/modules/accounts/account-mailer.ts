import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, MAIL_PORT, type MailPort } from '@meridian/server-kit';
import type { AuthConfig } from '../../config';

interface Recipient {
  name: string;
  email: string;
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/**
 * The account mails. Links are built from PUBLIC_BASE_URL only, never from a
 * request's Host header, so a forged Host cannot send users elsewhere.
 */
@Injectable()
export class AccountMailer {
  constructor(
    @Inject(MAIL_PORT) private readonly mail: MailPort,
    @Inject(CONFIG) private readonly config: AuthConfig,
  ) {}

  private link(path: string): string {
    return `${this.config.PUBLIC_BASE_URL.replace(/\/+$/, '')}${path}`;
  }

  private async send(
    to: Recipient,
    subject: string,
    lines: string[],
    action: { label: string; url: string },
  ) {
    const html = [
      `<p>Hello ${escapeHtml(to.name)},</p>`,
      ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>`,
      `<p>If the button does not work, paste this address into your browser: ${escapeHtml(action.url)}</p>`,
    ].join('\n');
    const text = [`Hello ${to.name},`, '', ...lines, '', `${action.label}: ${action.url}`].join('\n');
    await this.mail.send({ to: [to.email], from: this.config.MAIL_FROM, subject, html, text });
  }

  sendEmailVerification(to: Recipient, token: string): Promise<void> {
    return this.send(
      to,
      'Verify your email address',
      ['Please confirm your email address to finish setting up your Meridian account.'],
      { label: 'Verify email address', url: this.link(`/verify-email/${token}`) },
    );
  }

  sendPasswordCreate(
    to: Recipient,
    invite: { organisationName: string; inviterName: string },
    token: string,
  ): Promise<void> {
    return this.send(
      to,
      `You have been invited to ${invite.organisationName} on Meridian`,
      [
        `${invite.inviterName} invited you to join ${invite.organisationName} on Meridian. Create your password to get started.`,
      ],
      { label: 'Create password', url: this.link(`/password/create/${token}`) },
    );
  }

  sendPasswordReset(to: Recipient, token: string): Promise<void> {
    return this.send(
      to,
      'Reset your password',
      ['We received a request to reset your Meridian password. If it was not you, ignore this mail.'],
      { label: 'Reset password', url: this.link(`/password/reset/${token}`) },
    );
  }
}
