import { compareValue } from './compare';

const NOW = new Date('2026-03-01T10:00:00.000Z');

describe(compareValue.name, () => {
  it.each([
    ['Ada', 'equals', ['ada'], true],
    ['10', 'greater_than', [9], true],
    ['9', 'greater_than', ['10'], false],
    [null, 'greater_than', [1], false],
    [null, 'not_equals', ['x'], true],
    ['', 'is_empty', [], true],
    [5, 'between', [1, 5], true],
    ['2026-02-27T00:00:00Z', 'in_last_days', [3], true],
    ['2026-02-20T00:00:00Z', 'in_last_days', [3], false],
    ['2026-02-20T08:00:00Z', 'on', ['2026-02-20'], true],
    ['true', 'is_true', [], true],
    ['Ada', 'no_such_operator', ['Ada'], false],
  ])('%p %s %p is %p', (actual, operator, value, expected) => {
    expect(compareValue(actual, { operator, value }, NOW)).toBe(expected);
  });
});
