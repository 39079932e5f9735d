import { isSupportWidgetUrl, parseSentryDsn, sentryStoreUrl } from './third-party-urls';

describe(parseSentryDsn.name, () => {
  it('reads the public key, host and project of a DSN', () => {
    expect(parseSentryDsn('https://abc123@o42.ingest.sentry.io/4505')).toEqual({
      origin: 'https://o42.ingest.sentry.io',
      pathPrefix: '',
      publicKey: 'abc123',
      projectId: '4505',
    });
  });

  it('keeps the port and the path of a Sentry served under one', () => {
    expect(parseSentryDsn('https://key@errors.acme.test:9443/sentry/7')).toEqual({
      origin: 'https://errors.acme.test:9443',
      pathPrefix: '/sentry',
      publicKey: 'key',
      projectId: '7',
    });
  });

  it.each([
    ['no key', 'https://o42.ingest.sentry.io/4505'],
    ['a secret key, which browsers must never get', 'https://abc:secret@o42.ingest.sentry.io/4505'],
    ['plain http', 'http://abc@o42.ingest.sentry.io/4505'],
    ['no project', 'https://abc@o42.ingest.sentry.io/'],
    ['a project that is not a number', 'https://abc@o42.ingest.sentry.io/web'],
    ['a query', 'https://abc@o42.ingest.sentry.io/4505?x=1'],
    ['not a URL', 'abc@o42.ingest.sentry.io/4505'],
  ])('refuses a DSN with %s', (_, dsn) => {
    expect(parseSentryDsn(dsn)).toBeNull();
  });
});

describe(sentryStoreUrl.name, () => {
  it("is the project's store endpoint with the key in the query", () => {
    const dsn = parseSentryDsn('https://abc123@o42.ingest.sentry.io/4505')!;
    expect(sentryStoreUrl(dsn)).toBe(
      'https://o42.ingest.sentry.io/api/4505/store/?sentry_key=abc123&sentry_version=7',
    );
    const prefixed = parseSentryDsn('https://key@errors.acme.test/sentry/7')!;
    expect(sentryStoreUrl(prefixed)).toBe(
      'https://errors.acme.test/sentry/api/7/store/?sentry_key=key&sentry_version=7',
    );
  });
});

describe(isSupportWidgetUrl.name, () => {
  it('accepts an https script address', () => {
    expect(isSupportWidgetUrl('https://widget.support.test/loader.js?app=12')).toBe(true);
  });

  it.each([
    'http://widget.support.test/loader.js',
    'https://user:pw@widget.support.test/a.js',
    'widget.js',
    '',
  ])('refuses %j', (value) => {
    expect(isSupportWidgetUrl(value)).toBe(false);
  });
});
