import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const NOW = Date.parse('2026-03-10T12:00:00.000Z');
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe('relativeTime', () => {
  it('says just now under a minute', () => {
    expect(relativeTime(ago(5), NOW)).toBe('just now');
  });

  it('counts minutes, hours and days', () => {
    expect(relativeTime(ago(60), NOW)).toBe('1 minute ago');
    expect(relativeTime(ago(5 * 60 + 30), NOW)).toBe('5 minutes ago');
    expect(relativeTime(ago(2 * 3600), NOW)).toBe('2 hours ago');
    expect(relativeTime(ago(24 * 3600), NOW)).toBe('yesterday');
    expect(relativeTime(ago(3 * 24 * 3600), NOW)).toBe('3 days ago');
  });

  it('treats a clock slightly ahead of the browser as just now', () => {
    expect(relativeTime(ago(-20), NOW)).toBe('just now');
  });
});
