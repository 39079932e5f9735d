import { checkFieldText, isFieldEditable, type Person, typedFieldValue } from '@meridian/contracts';
import { z } from 'zod';

type FieldWithValue = Person['default_fields'][number];
export type FieldGroup = 'default_fields' | 'custom_fields';
export type FieldFormValue = string | boolean;
export type ContactFormValues = Record<FieldGroup, Record<string, FieldFormValue>>;

export function visibleFields(fields: FieldWithValue[]): FieldWithValue[] {
  return fields.filter((field) => !field.hidden);
}

/** A stored value as the form holds it: booleans stay booleans, the rest become text. */
export function toFormValue(field: FieldWithValue): FieldFormValue {
  if (field.type === 'boolean') return field.value === true || field.value === 'true';
  if (field.value === null) return '';
  if (field.type === 'datetime' && typeof field.value === 'string') return toLocalInput(field.value);
  return String(field.value);
}

export function initialFormValues(person: Person): ContactFormValues {
  const pick = (fields: FieldWithValue[]) =>
    Object.fromEntries(visibleFields(fields).map((field) => [field.name, toFormValue(field)]));
  return { default_fields: pick(person.default_fields), custom_fields: pick(person.custom_fields) };
}

/** The value's rule: the person-field rules every checker shares, applied to the form's text. */
export function fieldValueSchema(field: FieldWithValue): z.ZodType {
  if (field.type === 'boolean') return z.boolean();
  return z
    .string()
    .trim()
    .superRefine((text, ctx) => {
      const problem = checkFieldText(field, text);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
}

/** The edit form's schema: only visible, editable fields are checked. */
export function contactFormSchema(person: Person) {
  const group = (fields: FieldWithValue[]) =>
    z.object(
      Object.fromEntries(
        visibleFields(fields)
          .filter(isFieldEditable)
          .map((field) => [field.name, fieldValueSchema(field)]),
      ),
    );
  return z.object({
    default_fields: group(person.default_fields),
    custom_fields: group(person.custom_fields),
  });
}

function fromFormValue(field: FieldWithValue, value: FieldFormValue): FieldWithValue['value'] {
  if (field.type === 'boolean') return value === true;
  const text = String(value).trim();
  // The datetime input holds local time; the API stores the instant.
  if (field.type === 'datetime' && text !== '') return new Date(text).toISOString();
  return typedFieldValue(field.type, text);
}

/** The update call's body: editable fields whose value changed, typed as the field says. */
export function changedFieldValues(person: Person, values: ContactFormValues) {
  const initial = initialFormValues(person);
  const group = (name: FieldGroup, fields: FieldWithValue[]) =>
    Object.fromEntries(
      visibleFields(fields)
        .filter(isFieldEditable)
        .filter(
          (field) =>
            values[name][field.name] !== undefined && values[name][field.name] !== initial[name][field.name],
        )
        .map((field) => [field.name, fromFormValue(field, values[name][field.name] ?? '')]),
    );
  return {
    default_fields: group('default_fields', person.default_fields),
    custom_fields: group('custom_fields', person.custom_fields),
  };
}

export function displayValue(field: FieldWithValue): string {
  if (field.value === null || field.value === '') return '—';
  if (field.type === 'boolean') return field.value === true || field.value === 'true' ? 'Yes' : 'No';
  if (field.type === 'datetime' && typeof field.value === 'string') {
    const date = new Date(field.value);
    return Number.isNaN(date.getTime())
      ? field.value
      : date.toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short' });
  }
  return String(field.value);
}

/** ISO timestamp to the `datetime-local` input's format, in the browser's time zone. */
function toLocalInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
