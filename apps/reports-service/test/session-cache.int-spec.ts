import { TOKEN_VERIFIER, type TokenVerifier } from '@meridian/server-kit';
import { describeSessionCache } from '@meridian/testing';
import { startReportsTestApp } from './support/reports-test-app';

describeSessionCache('reports', async () => {
  const t = await startReportsTestApp({ SESSION_CACHE_TTL_MS: '300000' });
  return {
    platform: t.platform,
    verify: (token) => t.app.get<TokenVerifier>(TOKEN_VERIFIER).verify(token),
    sql: t.sql,
    close: () => t.close(),
  };
});
