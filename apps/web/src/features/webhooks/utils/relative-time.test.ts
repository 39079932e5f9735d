import { describe, expect, it } from 'vitest';
import { timeAgo } from './relative-time';

const now = Date.parse('2026-03-10T12:00:00Z');

describe(timeAgo.name, () => {
  it('says how long ago a save was, in the largest whole unit', () => {
    expect(timeAgo('2026-03-10T11:59:30Z', now)).toBe('just now');
    expect(timeAgo('2026-03-10T11:59:00Z', now)).toBe('1 minute ago');
    expect(timeAgo('2026-03-10T11:15:00Z', now)).toBe('45 minutes ago');
    expect(timeAgo('2026-03-10T09:00:00Z', now)).toBe('3 hours ago');
    expect(timeAgo('2026-03-09T12:00:00Z', now)).toBe('yesterday');
  });
});
