import { describe, expect, it } from 'vitest';
import { fillPath, matchesPattern, matchPattern, patternRank } from './path-pattern';

describe('route patterns', () => {
  it('fill parameters, each encoded as a URI component', () => {
    expect(fillPath('/campaigns', {})).toBe('/campaigns');
    expect(fillPath('/campaign/edit/:id', { id: 'c-1' })).toBe('/campaign/edit/c-1');
    expect(fillPath('/password/reset/:token', { token: 'a/b c?d' })).toBe('/password/reset/a%2Fb%20c%3Fd');
    expect(() => fillPath('/token/:id')).toThrow('Missing ":id" param');
  });

  it('match whole segments, case-insensitive, with a trailing slash allowed', () => {
    const cases: [string, string, boolean][] = [
      ['/login/start', '/login/start', true],
      ['/login/start', '/login/start/', true],
      ['/login/start', '/LOGIN/start', true],
      ['/login/start', '/login/start/x', false],
      ['/login/start', '/login', false],
      ['/password/reset/:token', '/password/reset/abc', true],
      ['/password/reset/:token', '/password/reset/', false],
      ['/password/reset/:token', '/password/reset/a/b', false],
      ['/salesforce/oauth.complete', '/salesforce/oauthxcomplete', false],
      ['*', '/anything/at/all', true],
    ];
    for (const [pattern, pathname, matches] of cases) {
      expect(matchesPattern(pattern, pathname), `${pattern} ${pathname}`).toBe(matches);
    }
  });

  it('give the parameters decoded, and a malformed escape as it is', () => {
    expect(matchPattern('/password/reset/:token', '/password/reset/a%2Fb%20c')).toEqual({ token: 'a/b c' });
    expect(matchPattern('/lists/static-list/:id', '/lists/static-list/42/')).toEqual({ id: '42' });
    expect(matchPattern('/token/:id', '/token/%E0%A4%A')).toEqual({ id: '%E0%A4%A' });
    expect(matchPattern('/campaigns', '/campaigns')).toEqual({});
    expect(matchPattern('/campaigns', '/templates')).toBeNull();
  });

  it('rank static segments above parameters and both above the catch-all', () => {
    expect(patternRank('/salesforce/oauth.complete')).toBeGreaterThan(patternRank('/salesforce/:id'));
    expect(patternRank('/salesforce/:id')).toBeGreaterThan(patternRank('/salesforce'));
    expect(patternRank('/salesforce')).toBeGreaterThan(patternRank('*'));
  });
});
