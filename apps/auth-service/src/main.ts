import 'reflect-metadata';
import { createLogger, startService } from '@meridian/server-kit';
import { appModule } from './app.module';
import { loadConfig } from './config';

async function main() {
  const config = loadConfig();
  const logger = createLogger('auth-service', config.LOG_LEVEL);
  await startService(appModule(config, logger), {
    logger,
    port: config.PORT,
    host: config.HOST,
    name: 'auth-service',
    migrateOnly: config.MIGRATE_ONLY,
    trustProxy: config.TRUSTED_PROXIES,
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
