import type { PersonFieldType } from '@meridian/contracts';
import { TYPE_PROBLEMS } from '../persons/person-fields';

/**
 * What a CSV cell must look like to fill a custom field of a type other than
 * string; the row error when it does not is the one a contact edit gives (TYPE_PROBLEMS).
 * Each pattern is written for both engines that apply it: Postgres checks the rows
 * while they are staged, the parser writes matching cells as JSON numbers and booleans.
 */
export const TYPED_CELLS: Partial<Record<PersonFieldType, { pattern: string; problem: (display: string) => string }>> = {
  // At most 15 digits: every such number is a safe integer.
  integer: { pattern: '^[+-]?[0-9]{1,15}$', problem: TYPE_PROBLEMS.integer },
  // Exponents of at most two digits keep the number finite.
  float: {
    pattern: '^[+-]?([0-9]+([.][0-9]*)?|[.][0-9]+)([eE][+-]?[0-9]{1,2})?$',
    problem: TYPE_PROBLEMS.float,
  },
  boolean: { pattern: '^([Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee])$', problem: TYPE_PROBLEMS.boolean },
  datetime: {
    pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}([T ][0-9]{2}:[0-9]{2}(:[0-9]{2}([.][0-9]+)?)?([Zz]|[+-][0-9]{2}(:?[0-9]{2})?)?)?$',
    problem: TYPE_PROBLEMS.datetime,
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
