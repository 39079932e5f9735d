import { z } from 'zod';

/**
 * The one definition of person fields: the default fields, the types, and the value
 * rules with their messages. The contact form (web), contact edits (persons service)
 * and the CSV import (its SQL checks are generated from `textRules`) all read it.
 */

/** Spec section 5, contact texts, word for word. */
export const contactMessages = {
  validEmailRequired: 'Valid email is required',
  emailTaken: 'A contact with this email already exists',
  emailMismatch: 'Email does not match the contact',
} as const;

export const personFieldTypeSchema = z.enum(['string', 'boolean', 'integer', 'float', 'datetime']);
export type PersonFieldType = z.infer<typeof personFieldTypeSchema>;

/** A person field's definition (spec 3 "Person": type, display, read_only, ...). */
export const personFieldSchema = z.object({
  name: z.string(),
  display: z.string(),
  type: personFieldTypeSchema,
  length: z.number().int().nullable(),
  read_only: z.boolean(),
  updatable: z.boolean(),
  required: z.boolean(),
  hidden: z.boolean(),
  custom: z.boolean(),
});
export type PersonField = z.infer<typeof personFieldSchema>;
export type FieldValue = string | number | boolean | null;

/** The longest email a mailbox can have (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;

/**
 * Value rules. Patterns are written for both engines that apply them: JavaScript
 * (forms, edits, the CSV parser) and Postgres (the import's staging checks).
 */
export const personFieldRules = {
  /** Zod's email shape; Postgres reads the same expression. */
  emailPattern: z.regexes.email.source,
  textPatterns: {
    // At most 15 digits: every such number is a safe integer.
    integer: '^[+-]?[0-9]{1,15}$',
    // Exponents of at most two digits keep the number finite.
    float: '^[+-]?([0-9]+([.][0-9]*)?|[.][0-9]+)([eE][+-]?[0-9]{1,2})?$',
    boolean: '^([Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee])$',
    // An ISO date, optionally with a time and an offset; months, days, hours and minutes in range.
    datetime:
      '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])([T ]([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9]([.][0-9]+)?)?([Zz]|[+-][0-9]{2}(:?[0-9]{2})?)?)?$',
  } satisfies Record<Exclude<PersonFieldType, 'string'>, string>,
  messages: {
    required: (display: string) => `${display} is required`,
    tooLong: (display: string, length: number) => `${display} must be at most ${length} characters`,
    readOnly: (display: string) => `${display} is read-only`,
    unknown: 'Unknown field',
    email: contactMessages.validEmailRequired,
    type: {
      string: (display: string) => `${display} must be text`,
      boolean: (display: string) => `${display} must be true or false`,
      integer: (display: string) => `${display} must be a whole number`,
      float: (display: string) => `${display} must be a number`,
      datetime: (display: string) => `${display} must be a date`,
    } satisfies Record<PersonFieldType, (display: string) => string>,
  },
};

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

/** Default person fields: the columns of `campaign.persons`, in the order screens show them. */
export const DEFAULT_PERSON_FIELDS = [
  field('email', 'Email', EMAIL_MAX_LENGTH, { required: true }),
  field('first_name', 'First Name', 255),
  field('last_name', 'Last Name', 255),
  field('title', 'Title', 255),
  field('company_name', 'Company', 255),
  field('phone_number', 'Phone', 50),
  // Filled by product data (Email+OrgID users); people do not type them.
  field('product_user_id', 'Product User ID', 255, { read_only: true, updatable: false }),
  field('org_id', 'Org ID', 255, { read_only: true, updatable: false }),
].map((f, position) => ({ ...f, position })) as readonly (PersonField & { position: number })[];

export type DefaultFieldName =
  | 'email'
  | 'first_name'
  | 'last_name'
  | 'title'
  | 'company_name'
  | 'phone_number'
  | 'product_user_id'
  | 'org_id';
export const DEFAULT_FIELD_NAMES = DEFAULT_PERSON_FIELDS.map((f) => f.name as DefaultFieldName);
/** The default fields people fill in (a form, a CSV file): all but the read-only ones. */
export const FILLABLE_DEFAULT_FIELDS = DEFAULT_PERSON_FIELDS.filter(isFieldEditable).map(
  (f) => f.name as DefaultFieldName,
);

/** Spec section 5, "Contact fields": read-only fields are not editable unless updatable. */
export function isFieldEditable(definition: Pick<PersonField, 'read_only' | 'updatable'>): boolean {
  return !definition.read_only || definition.updatable;
}

const isEmailField = (definition: Pick<PersonField, 'name' | 'custom'>) =>
  definition.name === 'email' && !definition.custom;

/**
 * The snake-case name of a new custom field from its header (spec 3: entered text
 * -> name); a CSV header finds its field by it too.
 */
export function fieldName(header: string): string {
  // Cut to the length first and trim underscores after, so a name is its own name: the contacts'
  // owner accepts only names that come back unchanged (a cut may leave a trailing underscore, and
  // the `f_` of a leading digit counts within the length).
  const trim = (name: string) => name.replace(/^_+|_+$/g, '');
  const snake = trim(
    header
      .trim()
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_'),
  );
  return trim((/^[0-9]/.test(snake) ? `f_${snake}` : snake).slice(0, FIELD_NAME_MAX_LENGTH));
}

/**
 * A record's own value of a field: field names are people's words (`constructor` is one), so a
 * lookup must not find what every object inherits.
 */
export function ownValue<T>(
  record: Readonly<Record<string, T>> | null | undefined,
  name: string,
): T | undefined {
  return record !== null && record !== undefined && Object.hasOwn(record, name) ? record[name] : undefined;
}

/** The longest custom field name. */
export const FIELD_NAME_MAX_LENGTH = 60;

/** One check of a value written as text, in order; the first that fails gives the message. */
export type TextRule =
  | { kind: 'required'; message: string }
  | { kind: 'maxLength'; length: number; message: string }
  | { kind: 'pattern'; pattern: string; message: string };

/** The checks of a field's value written as text (a form input, a CSV cell): what every checker runs. */
export function textRules(definition: PersonField): TextRule[] {
  const { messages, textPatterns } = personFieldRules;
  const rules: TextRule[] = definition.required
    ? [{ kind: 'required', message: messages.required(definition.display) }]
    : [];
  if (isEmailField(definition)) {
    return [
      ...rules,
      { kind: 'maxLength', length: EMAIL_MAX_LENGTH, message: messages.email },
      { kind: 'pattern', pattern: personFieldRules.emailPattern, message: messages.email },
    ];
  }
  if (definition.type === 'string') {
    return definition.length === null
      ? rules
      : [
          ...rules,
          {
            kind: 'maxLength',
            length: definition.length,
            message: messages.tooLong(definition.display, definition.length),
          },
        ];
  }
  return [
    ...rules,
    {
      kind: 'pattern',
      pattern: textPatterns[definition.type],
      message: messages.type[definition.type](definition.display),
    },
  ];
}

const compiled = new Map<string, RegExp>();
export function fieldPattern(pattern: string): RegExp {
  let regex = compiled.get(pattern);
  if (!regex) compiled.set(pattern, (regex = new RegExp(pattern)));
  return regex;
}

/** The problem with a value written as text (trimmed by the caller), or null. A blank value passes the other rules. */
export function checkFieldText(definition: PersonField, text: string): string | null {
  for (const rule of textRules(definition)) {
    if (rule.kind === 'required') {
      if (text === '') return rule.message;
    } else if (text === '') {
      return null;
    } else if (
      rule.kind === 'maxLength' ? text.length > rule.length : !fieldPattern(rule.pattern).test(text)
    ) {
      return rule.message;
    }
  }
  return null;
}

/**
 * The problem with a typed value (an API edit), or null: the value must be of the
 * field's JSON type, and its text must pass the same rules as a form's or a file's.
 */
export function checkFieldValue(definition: PersonField, value: FieldValue): string | null {
  if (value === null || value === '') return checkFieldText(definition, '');
  const type = isEmailField(definition) ? 'string' : definition.type;
  const expected =
    type === 'boolean' ? 'boolean' : type === 'integer' || type === 'float' ? 'number' : 'string';
  if (typeof value !== expected) {
    return isEmailField(definition)
      ? personFieldRules.messages.email
      : personFieldRules.messages.type[type](definition.display);
  }
  return checkFieldText(definition, String(value));
}

/** A person field's text as the JSON value its type stores: numbers and booleans typed, the rest as text. */
export function typedFieldValue(type: PersonFieldType, text: string): FieldValue {
  if (text === '') return null;
  if (type === 'boolean') return text.toLowerCase() === 'true';
  if (type === 'integer' || type === 'float') return Number(text);
  return text;
}
