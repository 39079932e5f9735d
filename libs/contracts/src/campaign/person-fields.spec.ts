import { FIELD_NAME_MAX_LENGTH, fieldName } from './person-fields';

describe('fieldName', () => {
  it('snake-cases a header and prefixes a leading digit', () => {
    expect(fieldName('Favourite Colour')).toBe('favourite_colour');
    expect(fieldName('2024 Score!')).toBe('f_2024_score');
  });

  // The contacts' owner drops a new field whose name does not come back unchanged: a long name
  // starting with a digit (61 characters with its prefix) was answered as created and never was.
  it.each([
    ['a long header starting with a digit', `${'0'.repeat(58)}x`],
    ['a header cut just after a separator', `${'a'.repeat(59)} b`],
    ['a header cut just after a separator behind the prefix', `1${'a'.repeat(56)} b`],
    ['a plain header', 'Company size'],
  ])('gives a name that is its own name for %s', (_, header) => {
    const name = fieldName(header);
    expect(name.length).toBeLessThanOrEqual(FIELD_NAME_MAX_LENGTH);
    expect(name).toMatch(/^[a-z](?:[a-z0-9_]*[a-z0-9])?$/);
    expect(fieldName(name)).toBe(name);
  });
});
