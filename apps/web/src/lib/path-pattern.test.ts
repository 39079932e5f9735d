import { generatePath, matchPath } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { fillPath, matchesPattern } from './path-pattern';

describe('route patterns without the router', () => {
  it('fill parameters as the router does', () => {
    for (const [pattern, params] of [
      ['/campaigns', {}],
      ['/campaign/edit/:id', { id: 'c-1' }],
      ['/password/reset/:token', { token: 'a/b c?d' }],
    ] as const) {
      expect(fillPath(pattern, params)).toBe(generatePath(pattern, params));
    }
    expect(() => fillPath('/token/:id')).toThrow('Missing ":id" param');
  });

  it('match paths as the router does', () => {
    const cases: [string, string][] = [
      ['/login/start', '/login/start'],
      ['/login/start', '/login/start/'],
      ['/login/start', '/LOGIN/start'],
      ['/login/start', '/login/start/x'],
      ['/login/start', '/login'],
      ['/password/reset/:token', '/password/reset/abc'],
      ['/password/reset/:token', '/password/reset/'],
      ['/password/reset/:token', '/password/reset/a/b'],
      ['/salesforce/oauth.complete', '/salesforce/oauthxcomplete'],
    ];
    for (const [pattern, pathname] of cases) {
      expect(matchesPattern(pattern, pathname), `${pattern} ${pathname}`).toBe(
        matchPath(pattern, pathname) !== null,
      );
    }
  });
});
