import { describe, expect, it } from 'vitest';
import { initialsOf } from './badges';

describe('initialsOf', () => {
  it('takes the first letters of the first two words, upper case', () => {
    expect(initialsOf('ada lovelace')).toBe('AL');
    expect(initialsOf('  Grace  Brewster Hopper ')).toBe('GB');
    expect(initialsOf('admin')).toBe('A');
    expect(initialsOf('')).toBe('');
  });
});
