import { contactEmailSchema, contactMessages, type PersonField } from '@meridian/contracts';

export type FieldValue = string | number | boolean | null;

/** Default person fields: the columns of `campaign.persons`, in the order screens show them. */
export const DEFAULT_FIELDS: readonly (PersonField & { position: number })[] = [
  field('email', 'Email', 254, { required: true }),
  field('first_name', 'First Name', 255),
  field('last_name', 'Last Name', 255),
  field('title', 'Title', 255),
  field('company_name', 'Company', 255),
  field('phone_number', 'Phone', 50),
  // Filled by product data (Email+OrgID users); people do not type them.
  field('product_user_id', 'Product User ID', 255, { read_only: true, updatable: false }),
  field('org_id', 'Org ID', 255, { read_only: true, updatable: false }),
].map((f, position) => ({ ...f, position }));

export const DEFAULT_FIELD_NAMES = DEFAULT_FIELDS.map((f) => f.name);
export type DefaultFieldName = 'email' | 'first_name' | 'last_name' | 'title' | 'company_name' | 'phone_number' | 'product_user_id' | 'org_id';

function field(name: string, display: string, length: number, flags: Partial<PersonField> = {}): PersonField {
  return {
    name,
    display,
    type: 'string',
    length,
    read_only: false,
    updatable: true,
    required: false,
    hidden: false,
    custom: false,
    ...flags,
  };
}

/** Whether a person field may be changed by a user: read-only fields only when marked updatable. */
export function isEditable(definition: PersonField): boolean {
  return !definition.read_only || definition.updatable;
}

/** The problem with a value not of a field's type: the same words for an edit and a CSV import. */
export const TYPE_PROBLEMS = {
  boolean: (display: string) => `${display} must be true or false`,
  integer: (display: string) => `${display} must be a whole number`,
  float: (display: string) => `${display} must be a number`,
  datetime: (display: string) => `${display} must be a date`,
} as const;

/** The problem with `value` for a field, or null when it fits the field's type and length. */
export function checkValue(definition: PersonField, value: FieldValue): string | null {
  if (value === null || value === '') {
    return definition.required ? `${definition.display} is required` : null;
  }
  if (definition.name === 'email') {
    return contactEmailSchema.safeParse(value).success ? null : contactMessages.validEmailRequired;
  }
  switch (definition.type) {
    case 'string':
      if (typeof value !== 'string') return `${definition.display} must be text`;
      return definition.length !== null && value.length > definition.length
        ? `${definition.display} must be at most ${definition.length} characters`
        : null;
    case 'boolean':
      return typeof value === 'boolean' ? null : TYPE_PROBLEMS.boolean(definition.display);
    case 'integer':
      return typeof value === 'number' && Number.isSafeInteger(value) ? null : TYPE_PROBLEMS.integer(definition.display);
    case 'float':
      return typeof value === 'number' && Number.isFinite(value) ? null : TYPE_PROBLEMS.float(definition.display);
    case 'datetime':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? null : TYPE_PROBLEMS.datetime(definition.display);
  }
}

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
  const visit = (custom: boolean, values: Record<string, FieldValue>, key: 'default_fields' | 'custom_fields') => {
    for (const [name, raw] of Object.entries(values)) {
      const path = `${key}.${name}`;
      const definition = byName.get(`${custom}:${name}`);
      if (!definition) {
        errors[path] = ['Unknown field'];
        continue;
      }
      const value = typeof raw === 'string' ? raw.trim() : raw;
      const before = (custom ? current.custom[name] : current.defaults[name]) ?? null;
      if (value === before || (value === '' && before === null)) continue;
      if (!isEditable(definition)) {
        errors[path] = [`${definition.display} is read-only`];
        continue;
      }
      const problem = checkValue(definition, value);
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
