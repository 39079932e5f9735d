import { createLogger, createServiceApp } from '@meridian/server-kit';
import { describeHttpProbe } from '@meridian/testing';
import { appModule } from '../src/app.module';
import { loadConfig } from '../src/config';

// The probe of apps/campaign-service/test/http-probe.int-spec.ts on this service's endpoints.
describeHttpProbe('reports', async (databaseUrl) => {
  const config = loadConfig({ PORT: '0', DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' });
  const app = await createServiceApp(
    appModule(config, createLogger('reports-service', 'silent')),
    createLogger('t', 'silent'),
  );
  await app.listen(0, '127.0.0.1');
  return { url: await app.getUrl(), close: () => app.close() };
});
