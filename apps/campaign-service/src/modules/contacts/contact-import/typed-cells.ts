import { fieldPattern, type PersonFieldType, personFieldRules } from '@meridian/contracts';

/**
 * A CSV cell of a typed custom field as the JSON value `custom_fields` receives:
 * numbers and booleans as such when the cell passes its type's pattern (the one
 * the staging check and contact edits apply), anything else as a string (`quoted`),
 * which the staging check then refuses with the field's type message.
 */
export function typedJson(type: PersonFieldType, value: string, quoted: (value: string) => string): string {
  if (type === 'string' || type === 'datetime') return quoted(value);
  if (!fieldPattern(personFieldRules.textPatterns[type]).test(value)) return quoted(value);
  if (type === 'boolean') return value.toLowerCase();
  return String(Number(value));
}
