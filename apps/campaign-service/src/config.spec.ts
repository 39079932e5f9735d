import { randomBytes } from 'node:crypto';
import { loadConfig } from './config';

/** Parse errors as text (parseConfig names every bad variable); '' when the settings parse. */
function problems(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
    return '';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

describe('campaign service settings', () => {
  const base = { PORT: '3103', DATABASE_URL: 'postgres://config-check.invalid/meridian' };

  it('needs its own credentials keys in production mode, where webhook headers are sealed with them', () => {
    expect(problems({ ...base, MERIDIAN_MODE: 'production' })).toContain('CREDENTIALS_ENCRYPTION_KEYS');
    const keys = `k1:${randomBytes(32).toString('base64')}`;
    expect(
      problems({ ...base, MERIDIAN_MODE: 'production', CREDENTIALS_ENCRYPTION_KEYS: keys }),
    ).not.toContain('CREDENTIALS_ENCRYPTION_KEYS');
    expect(problems({ ...base, MERIDIAN_MODE: 'local' })).not.toContain('CREDENTIALS_ENCRYPTION_KEYS');
    expect(problems({ ...base, CREDENTIALS_ENCRYPTION_KEYS: 'k1:too-short' })).toContain(
      'CREDENTIALS_ENCRYPTION_KEYS',
    );
  });
});
