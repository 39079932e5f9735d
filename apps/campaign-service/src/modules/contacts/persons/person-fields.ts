import {
  checkFieldValue,
  type DefaultFieldName,
  type FieldValue,
  isFieldEditable,
  type PersonField,
  personFieldRules,
  ownValue,
} from '@meridian/contracts';

export type { FieldValue };

export interface FieldPatch {
  defaults: Partial<Record<DefaultFieldName, string | null>>;
  custom: Record<string, FieldValue>;
}

/**
 * Checks an edit against the organisation's field definitions and returns what
 * changes. Every problem is collected per field, so a form can show them all.
 * Sending a read-only field with its current value is allowed: forms send whole records.
 */
export function planUpdate(
  definitions: PersonField[],
  current: { defaults: Record<string, FieldValue>; custom: Record<string, FieldValue> },
  input: { default_fields: Record<string, FieldValue>; custom_fields: Record<string, FieldValue> },
): { patch: FieldPatch; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const patch: FieldPatch = { defaults: {}, custom: {} };
  const byName = new Map(definitions.map((d) => [`${d.custom}:${d.name}`, d]));
  const visit = (
    custom: boolean,
    values: Record<string, FieldValue>,
    key: 'default_fields' | 'custom_fields',
  ) => {
    for (const [name, raw] of Object.entries(values)) {
      const path = `${key}.${name}`;
      const definition = byName.get(`${custom}:${name}`);
      if (!definition) {
        errors[path] = [personFieldRules.messages.unknown];
        continue;
      }
      const value = typeof raw === 'string' ? raw.trim() : raw;
      const before = ownValue<FieldValue>(custom ? current.custom : current.defaults, name) ?? null;
      if (value === before || (value === '' && before === null)) continue;
      if (!isFieldEditable(definition)) {
        errors[path] = [personFieldRules.messages.readOnly(definition.display)];
        continue;
      }
      const problem = checkFieldValue(definition, value);
      if (problem) {
        errors[path] = [problem];
        continue;
      }
      const stored = value === '' ? null : value;
      if (custom) patch.custom[name] = stored;
      else patch.defaults[name as DefaultFieldName] = stored === null ? null : String(stored);
    }
  };
  visit(false, input.default_fields, 'default_fields');
  visit(true, input.custom_fields, 'custom_fields');
  return { patch, errors };
}
