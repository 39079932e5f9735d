import { describe, expect, it } from 'vitest';
import { formatTotal } from './format-count';

describe('formatTotal', () => {
  it('shows an exact total as it is, with thousands separators', () => {
    expect(formatTotal(3)).toBe('3');
    expect(formatTotal(1234, false)).toBe('1,234');
  });

  it('marks a capped total as a lower bound', () => {
    expect(formatTotal(10000, true)).toBe('10,000+');
  });
});
