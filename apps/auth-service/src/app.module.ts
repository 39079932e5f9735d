import type { DynamicModule } from '@nestjs/common';
import { DatabaseModule, HealthModule, ServiceKitModule } from '@meridian/server-kit';
import type { Logger } from 'pino';
import type { AuthConfig } from './config';
import { migrations } from './migrations';

export const SCHEMA = 'auth';

export function appModule(config: AuthConfig, logger: Logger): DynamicModule {
  return {
    module: class AuthAppModule {},
    imports: [
      ServiceKitModule.forRoot({ config, logger }),
      DatabaseModule.forService({ url: config.DATABASE_URL, schema: SCHEMA, entities: [], migrations }),
      HealthModule.forService('auth'),
    ],
  };
}
