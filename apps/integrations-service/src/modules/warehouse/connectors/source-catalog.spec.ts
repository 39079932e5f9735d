import { personFieldTypeOf } from './source-catalog';

describe('personFieldTypeOf', () => {
  it.each([
    ['bigint', null, 'integer'],
    ['integer', 0, 'integer'],
    ['NUMBER', 0, 'integer'],
    ['NUMBER', 2, 'float'],
    ['numeric', null, 'float'],
    ['double precision', null, 'float'],
    ['FLOAT', null, 'float'],
    ['boolean', null, 'boolean'],
    ['BOOLEAN', null, 'boolean'],
    ['timestamp with time zone', null, 'datetime'],
    ['TIMESTAMP_NTZ', null, 'datetime'],
    ['date', null, 'datetime'],
    ['character varying', null, 'string'],
    ['TEXT', null, 'string'],
    ['VARIANT', null, 'string'],
    ['jsonb', null, 'string'],
  ] as const)('maps %s (scale %s) to %s', (dataType, scale, expected) => {
    expect(personFieldTypeOf(dataType, scale)).toBe(expected);
  });
});
