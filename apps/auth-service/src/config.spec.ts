import { ConfigError } from '@meridian/server-kit';
import { loadConfig } from './config';

// Parsed only, never connected to: the config check needs some database address.
const base = { PORT: '0', DATABASE_URL: 'postgres://config-check.invalid/auth' };

describe('auth config: third parties', () => {
  it('leaves the support widget and error reporting unset by default', () => {
    const config = loadConfig(base);
    expect(config.SUPPORT_WIDGET_URL).toBeUndefined();
    expect(config.SENTRY_DSN).toBeUndefined();
  });

  it('takes an https widget script and a public Sentry DSN', () => {
    const config = loadConfig({
      ...base,
      SUPPORT_WIDGET_URL: 'https://widget.support.test/loader.js',
      SENTRY_DSN: 'https://0123abcd@o1.ingest.sentry.test/4242',
    });
    expect(config.SUPPORT_WIDGET_URL).toBe('https://widget.support.test/loader.js');
    expect(config.SENTRY_DSN).toBe('https://0123abcd@o1.ingest.sentry.test/4242');
  });

  it('refuses to start on a widget that is not https and a DSN with a secret key, naming both', () => {
    let error: unknown;
    try {
      loadConfig({
        ...base,
        SUPPORT_WIDGET_URL: 'http://widget.support.test/loader.js',
        SENTRY_DSN: 'https://0123abcd:secret@o1.ingest.sentry.test/4242',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'SUPPORT_WIDGET_URL: must be an https:// script URL without credentials',
      'SENTRY_DSN: must be a public Sentry DSN: https://<public key>@<host>/<project id>, without a secret key',
    ]);
  });

  it('refuses an empty value rather than reading it as unset', () => {
    expect(() => loadConfig({ ...base, SENTRY_DSN: '' })).toThrow(/SENTRY_DSN/);
  });
});
