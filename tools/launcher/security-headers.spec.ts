import { pageCsp, securityHeaders, thirdPartyOrigins } from './security-headers.mjs';

const WIDGET = 'https://widget.support.test/loader.js?app=meridian';
const DSN = 'https://0123abcd@o1.ingest.sentry.test/4242';

describe('security headers: third parties', () => {
  it('add no origin when neither the widget nor error reporting is configured', () => {
    expect(thirdPartyOrigins({})).toEqual([]);
    expect(pageCsp(thirdPartyOrigins({}))).toBe(pageCsp());
    expect(pageCsp()).toMatch(/script-src 'self';.*connect-src 'self';/);
  });

  it("allow the widget script's origin and the DSN host, without the DSN's key", () => {
    const origins = thirdPartyOrigins({ SUPPORT_WIDGET_URL: WIDGET, SENTRY_DSN: DSN });
    expect(origins).toEqual(['https://widget.support.test', 'https://o1.ingest.sentry.test']);
    const csp = pageCsp(origins);
    expect(csp).toContain("script-src 'self' https://widget.support.test https://o1.ingest.sentry.test;");
    expect(csp).toContain("connect-src 'self' https://widget.support.test https://o1.ingest.sentry.test;");
    expect(csp).not.toContain('0123abcd');
    expect(csp).toContain("default-src 'self';");
  });

  it('name an origin once, and only https ones', () => {
    expect(
      thirdPartyOrigins({
        SUPPORT_WIDGET_URL: 'https://help.acme.test/widget.js',
        SENTRY_DSN: 'https://key@help.acme.test/sentry/3',
      }),
    ).toEqual(['https://help.acme.test']);
    expect(
      thirdPartyOrigins({ SUPPORT_WIDGET_URL: 'http://help.acme.test/w.js', SENTRY_DSN: 'nonsense' }),
    ).toEqual([]);
  });

  it('leave the API policy closed whatever is configured', () => {
    const origins = thirdPartyOrigins({ SUPPORT_WIDGET_URL: WIDGET, SENTRY_DSN: DSN });
    expect(securityHeaders('api', origins)['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });
});
