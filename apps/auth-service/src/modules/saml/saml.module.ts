import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CONFIG, OutboundHttpClient, Transactions } from '@meridian/server-kit';
import type { AuthConfig } from '../../config';
import { AccountsModule } from '../accounts/accounts.module';
import { OrganisationsModule } from '../organisations/organisations.module';
import { SessionsModule } from '../sessions/sessions.module';
import { FederatedAccountsService } from './federated-accounts.service';
import { LookupService } from './lookup.service';
import { SamlConfigController } from './saml-config.controller';
import { SamlConfigEntity } from './saml-config.entity';
import { SamlConfigRepository } from './saml-config.repository';
import { SamlConfigService } from './saml-config.service';
import { SamlEngine } from './saml-engine';
import { SamlLoginController } from './saml-login.controller';
import { SamlConsumedAssertionEntity, SamlLoginCodeEntity, SamlRequestEntity } from './saml-login.entity';
import { SamlLoginRepository } from './saml-login.repository';
import { SamlLoginService } from './saml-login.service';
import { SsoSessionService } from './sso-session.service';

/** SAML single sign-on: per-organisation configuration, the email lookup, SP-initiated login. */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      SamlConfigEntity,
      SamlRequestEntity,
      SamlConsumedAssertionEntity,
      SamlLoginCodeEntity,
    ]),
    OrganisationsModule,
    AccountsModule,
    SessionsModule,
  ],
  controllers: [SamlConfigController, SamlLoginController],
  providers: [
    Transactions,
    {
      // Metadata URLs are user-given: only public addresses, or those the operator allows.
      provide: OutboundHttpClient,
      inject: [CONFIG],
      useFactory: (config: AuthConfig) =>
        new OutboundHttpClient({ allowedHosts: config.OUTBOUND_ALLOWED_HOSTS }),
    },
    SamlConfigRepository,
    SamlLoginRepository,
    SamlEngine,
    SamlConfigService,
    FederatedAccountsService,
    SamlLoginService,
    SsoSessionService,
    LookupService,
  ],
})
export class SamlModule {}
