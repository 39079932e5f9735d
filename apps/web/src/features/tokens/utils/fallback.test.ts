import { describe, expect, it } from 'vitest';
import { fallbackFits, fallbackForType, fallbackInputFor, needsFallback } from './fallback';

describe('fallbackInputFor', () => {
  it('picks the input by type', () => {
    expect(fallbackInputFor(null)).toBe('text');
    expect(fallbackInputFor('string')).toBe('text');
    expect(fallbackInputFor('number')).toBe('number');
    expect(fallbackInputFor('datetime')).toBe('date');
    expect(fallbackInputFor('boolean')).toBe('boolean');
    expect(fallbackInputFor('array')).toBe('none');
    expect(fallbackInputFor('hashmap')).toBe('none');
  });
});

describe('fallbackForType', () => {
  it('keeps a value the new input can hold', () => {
    expect(fallbackForType('42', 'number')).toBe('42');
    expect(fallbackForType('2026-03-01', 'datetime')).toBe('2026-03-01');
    expect(fallbackForType('true', 'boolean')).toBe('true');
    expect(fallbackForType('anything', 'string')).toBe('anything');
  });

  it('empties a value the new input cannot hold', () => {
    expect(fallbackForType('there', 'number')).toBe('');
    expect(fallbackForType('2026-13-45', 'datetime')).toBe('');
    expect(fallbackForType('yes', 'boolean')).toBe('');
    expect(fallbackForType('x', 'array')).toBe('');
  });

  it('treats an empty number as not fitting', () => {
    expect(fallbackFits(' ', 'number')).toBe(false);
  });
});

describe('needsFallback', () => {
  it('is false only for arrays and hashmaps', () => {
    expect(needsFallback('array')).toBe(false);
    expect(needsFallback('hashmap')).toBe(false);
    expect(needsFallback('string')).toBe(true);
    expect(needsFallback(null)).toBe(true);
  });
});
