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
});
