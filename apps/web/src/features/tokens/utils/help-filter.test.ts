import { describe, expect, it } from 'vitest';
import type { TokenColumn, TokenFunction } from '@meridian/contracts';
import { fieldSnippet, filterColumns, filterFunctions, insertTextOf } from './help-filter';

const fn = (name: string, description: string): TokenFunction => ({
  name,
  description,
  sample: '',
  syntax: '',
});

describe('filterFunctions', () => {
  const functions = [
    fn('upcase', 'Makes text upper case'),
    fn('capitalize', 'Upcase the first letter'),
    fn('plus', 'Adds'),
  ];

  it('matches name or description, names first', () => {
    expect(filterFunctions(functions, 'UPCASE').map((f) => f.name)).toEqual(['upcase', 'capitalize']);
  });

  it('keeps everything for an empty search', () => {
    expect(filterFunctions(functions, '  ')).toHaveLength(3);
  });
});

describe('filterColumns', () => {
  const column: TokenColumn = {
    name: 'first_name',
    display: 'First name',
    type: 'string',
    custom: false,
    variable: 'person.first_name',
  };

  it('matches the display name and inserts the variable', () => {
    expect(filterColumns([column], 'first')).toEqual([column]);
    expect(filterColumns([column], 'city')).toEqual([]);
    expect(fieldSnippet(column)).toBe('{{ person.first_name }}');
  });
});

describe('insertTextOf', () => {
  it('inserts the sample, or the syntax when there is none', () => {
    expect(
      insertTextOf({
        name: 'upcase',
        description: '',
        sample: '{{ "a" | upcase }}',
        syntax: 'text | upcase',
      }),
    ).toBe('{{ "a" | upcase }}');
    expect(insertTextOf({ name: 'upcase', description: '', sample: '', syntax: 'text | upcase' })).toBe(
      'text | upcase',
    );
  });
});
