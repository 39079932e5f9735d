import { loggedPath } from './logger';

describe('loggedPath', () => {
  it('keeps the path and drops the query, which can carry a code or a token', () => {
    expect(loggedPath('/api/integrations/v1/salesforce/oauth.complete?code=secret&state=s')).toBe(
      '/api/integrations/v1/salesforce/oauth.complete',
    );
    expect(loggedPath('/api/campaign/v1/person.list')).toBe('/api/campaign/v1/person.list');
  });

  it('cuts a long address to 300 characters and says how long it was', () => {
    const logged = loggedPath(`/t/c/${'A'.repeat(5000)}?x=1`);
    expect(logged).toBe(`/t/c/${'A'.repeat(295)}... (5005 characters)`);
  });

  it("writes a `:token` parameter's name instead of its value", () => {
    expect(loggedPath('/api/campaign/v1/t/o/o123.sig?x=1', '/api/campaign/v1/t/o/:token')).toBe(
      '/api/campaign/v1/t/o/:token',
    );
    expect(loggedPath('/a/secret-value/b', '/a/:token/b')).toBe('/a/:token/b');
    // Other parameters stay: they name what the request was about.
    expect(loggedPath('/saml/acme/acs', '/saml/:slug/acs')).toBe('/saml/acme/acs');
  });

  it('keeps only what precedes the token when the path does not line up with the route', () => {
    expect(loggedPath('/a/b/secret/extra', '/a/:token')).toBe('/a/:token');
  });
});
