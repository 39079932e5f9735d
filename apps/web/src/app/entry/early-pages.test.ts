import { describe, expect, it } from 'vitest';
import { isEarlyPage, isPublicPath } from './early-pages';

describe('the pages decided before the router loads', () => {
  it('are the two login steps', () => {
    expect(isEarlyPage('/login/start')).toBe(true);
    expect(isEarlyPage('/login/password')).toBe(true);
    expect(isEarlyPage('/login/password/')).toBe(true);
    expect(isEarlyPage('/login/sso')).toBe(false);
    expect(isEarlyPage('/campaigns')).toBe(false);
    expect(isEarlyPage('/')).toBe(false);
  });

  it('tell public paths from the rest', () => {
    expect(isPublicPath('/password/reset/abc')).toBe(true);
    expect(isPublicPath('/verify-email/tok')).toBe(true);
    expect(isPublicPath('/internal/login-with-token')).toBe(true);
    expect(isPublicPath('/unsubscribed')).toBe(true);
    expect(isPublicPath('/password/reset')).toBe(false);
    expect(isPublicPath('/campaigns')).toBe(false);
    expect(isPublicPath('/')).toBe(false);
  });
});
