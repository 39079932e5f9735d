import { type DynamicModule, Global, Module, type Provider } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import type { Logger } from 'pino';
import { AuthGuard } from '../auth/auth.guard';
import { HttpTokenVerifier } from '../auth/http-token-verifier';
import { OrganisationGate } from '../auth/organisation-gate';
import { SessionCache } from '../auth/session-cache';
import { SessionRevocations } from '../auth/session-revocations';
import { TOKEN_VERIFIER } from '../auth/token-verifier';
import type { BaseConfig } from '../config/config';
import { LoggerModule } from '../logging/logger.module';

export const CONFIG = Symbol('CONFIG');

export interface ServiceKitOptions {
  config: BaseConfig;
  logger: Logger;
  /** How bearer tokens are resolved; defaults to asking the auth service over HTTP. */
  tokenVerifier?: Provider;
}

/**
 * What every service shares: its config, its logger, and the guard that closes
 * every route its contract does not mark public.
 */
@Global()
@Module({})
export class ServiceKitModule {
  static forRoot(options: ServiceKitOptions): DynamicModule {
    const verifier: Provider = options.tokenVerifier ?? {
      provide: TOKEN_VERIFIER,
      useFactory: () =>
        new HttpTokenVerifier(
          options.config.AUTH_SERVICE_URL,
          new SessionCache({
            ttlMs: options.config.SESSION_CACHE_TTL_MS,
            maxEntries: options.config.SESSION_CACHE_MAX_ENTRIES,
          }),
        ),
    };
    return {
      module: ServiceKitModule,
      imports: [LoggerModule.forRoot(options.logger)],
      providers: [
        { provide: CONFIG, useValue: options.config },
        verifier,
        {
          provide: OrganisationGate,
          useValue: new OrganisationGate(
            options.config.REQUESTS_PER_ORGANISATION,
            options.config.REQUESTS_WAITING_PER_ORGANISATION,
          ),
        },
        { provide: APP_GUARD, useClass: AuthGuard },
        SessionRevocations,
      ],
      exports: [CONFIG, TOKEN_VERIFIER, OrganisationGate, LoggerModule],
    };
  }
}
