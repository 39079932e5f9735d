import { type DynamicModule, Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../logging/logger.module';
import { checkMailConfig, type MailConfig } from './mail.config';
import { MAIL_PORT, type MailPort } from './mail.port';
import { SesMailAdapter } from './ses-mail.adapter';
import { SmtpMailAdapter } from './smtp-mail.adapter';

/** The platform's own sender (MAIL_FROM), for mails that are not a customer's campaign. */
export const MAIL_DEFAULT_SENDER = Symbol('MAIL_DEFAULT_SENDER');

export function createMailAdapter(config: MailConfig, logger: Logger): MailPort & { close(): void } {
  checkMailConfig(config);
  switch (config.MAIL_TRANSPORT) {
    case 'smtp':
      return new SmtpMailAdapter(config, logger);
    case 'ses':
      return new SesMailAdapter(config, logger);
  }
}

/**
 * MAIL_PORT for the whole service: SMTP (the local capture by default, or a relay)
 * or Amazon SES, chosen by MAIL_TRANSPORT. Features inject the port, never an adapter.
 */
@Global()
@Module({})
export class MailModule implements OnApplicationShutdown {
  constructor(@Inject(MAIL_PORT) private readonly port: MailPort & { close?: () => void }) {}

  static forRoot(config: MailConfig): DynamicModule {
    return {
      module: MailModule,
      providers: [
        {
          provide: MAIL_PORT,
          inject: [LOGGER],
          useFactory: (logger: Logger) => createMailAdapter(config, logger),
        },
        { provide: MAIL_DEFAULT_SENDER, useValue: config.MAIL_FROM },
      ],
      exports: [MAIL_PORT, MAIL_DEFAULT_SENDER],
    };
  }

  onApplicationShutdown(): void {
    // Pooled SMTP connections and the SES client's sockets would keep the process alive.
    this.port.close?.();
  }
}
