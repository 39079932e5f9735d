import type { PersonFieldType } from '@meridian/contracts';

/**
 * What a CSV cell must look like to fill a custom field of a type other than
 * string, and the row error when it does not (the same words a contact edit uses).
 * Each pattern is written for both engines that apply it: Postgres checks the rows
 * while they are staged, the parser writes matching cells as JSON numbers and booleans.
 */
export const TYPED_CELLS: Partial<Record<PersonFieldType, { pattern: string; problem: (display: string) => string }>> = {
  // At most 15 digits: every such number is a safe integer.
  integer: { pattern: '^[+-]?[0-9]{1,15}$', problem: (display) => `${display} must be a whole number` },
  // Exponents of at most two digits keep the number finite.
  float: {
    pattern: '^[+-]?([0-9]+([.][0-9]*)?|[.][0-9]+)([eE][+-]?[0-9]{1,2})?$',
    problem: (display) => `${display} must be a number`,
  },
  boolean: { pattern: '^([Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee])$', problem: (display) => `${display} must be true or false` },
  datetime: {
    pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}([T ][0-9]{2}:[0-9]{2}(:[0-9]{2}([.][0-9]+)?)?([Zz]|[+-][0-9]{2}(:?[0-9]{2})?)?)?$',
    problem: (display) => `${display} must be a date`,
  },
};

const COMPILED = new Map(Object.entries(TYPED_CELLS).map(([type, rule]) => [type, new RegExp(rule.pattern)]));

/** A checked cell as a JSON value: numbers and booleans as such, anything else as a string (`quoted`). */
export function typedJson(type: PersonFieldType, value: string, quoted: (value: string) => string): string {
  const pattern = COMPILED.get(type);
  if (!pattern || type === 'datetime' || !pattern.test(value)) return quoted(value);
  if (type === 'boolean') return value.toLowerCase();
  return String(Number(value));
}
