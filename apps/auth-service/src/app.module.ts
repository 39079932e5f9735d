import { type DynamicModule, Module, type Provider } from '@nestjs/common';
import {
  DatabaseModule,
  EventsModule,
  HealthModule,
  JobsModule,
  MAIL_PORT,
  MailModule,
  ServiceKitModule,
  TOKEN_VERIFIER,
} from '@meridian/server-kit';
import type { Logger } from 'pino';
import type { AuthConfig } from './config';
import { authEntities } from './entities';
import { migrations } from './migrations';
import { AccountsModule } from './modules/accounts/accounts.module';
import { ApiKeysModule } from './modules/api-keys/api-keys.module';
import { ClientConfigModule } from './modules/client-config/client-config.module';
import { InternalModule } from './modules/internal/internal.module';
import { InvitesModule } from './modules/invites/invites.module';
import { OrganisationsModule } from './modules/organisations/organisations.module';
import { PasswordsModule } from './modules/passwords/passwords.module';
import { SamlModule } from './modules/saml/saml.module';
import { SeedModule } from './modules/seed/seed.module';
import { LocalTokenVerifier } from './modules/sessions/local-token-verifier';
import { SessionsModule } from './modules/sessions/sessions.module';

export const SCHEMA = 'auth';

export interface AuthAppOptions {
  /** A MAIL_PORT provider in place of the configured transport (MAIL_TRANSPORT); tests hand in their own. */
  mail?: Provider;
}

/** Makes a given MAIL_PORT available to every feature. */
@Module({})
class MailPortModule {
  static with(provider: Provider): DynamicModule {
    return { module: MailPortModule, global: true, providers: [provider], exports: [MAIL_PORT] };
  }
}

export function appModule(config: AuthConfig, logger: Logger, options: AuthAppOptions = {}): DynamicModule {
  return {
    module: class AuthAppModule {},
    imports: [
      ServiceKitModule.forRoot({
        config,
        logger,
        tokenVerifier: { provide: TOKEN_VERIFIER, useExisting: LocalTokenVerifier },
      }),
      DatabaseModule.forService({
        url: config.DATABASE_URL,
        schema: SCHEMA,
        poolSize: config.DATABASE_POOL_SIZE,
        entities: authEntities,
        migrations,
      }),
      EventsModule.forService({
        schema: SCHEMA,
        databaseUrl: config.DATABASE_URL,
        kafkaBrokers: config.KAFKA_BROKERS,
      }),
      JobsModule.forService({ schema: SCHEMA, databaseUrl: config.DATABASE_URL, concurrency: 4 }),
      HealthModule.forService('auth'),
      options.mail ? MailPortModule.with(options.mail) : MailModule.forRoot(config),
      OrganisationsModule,
      AccountsModule,
      SessionsModule,
      PasswordsModule,
      InvitesModule,
      InternalModule,
      ApiKeysModule,
      SamlModule,
      SeedModule,
      ClientConfigModule,
    ],
  };
}
