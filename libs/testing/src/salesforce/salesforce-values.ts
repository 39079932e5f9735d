import { normalizeSalesforceId } from './salesforce-ids';
import type { SalesforceFieldDefinition } from './salesforce-schema';

/** One error as Salesforce reports it: REST bodies say `errorCode`, save results say `statusCode`. */
export class SalesforceError extends Error {
  constructor(
    readonly errorCode: string,
    message: string,
    readonly fields: string[] = [],
  ) {
    super(message);
  }

  toRest() {
    return { message: this.message, errorCode: this.errorCode, fields: this.fields };
  }

  toSaveError() {
    return { statusCode: this.errorCode, message: this.message, fields: this.fields };
  }

  /** The `sf__Error` column of Bulk API failed results. */
  toBulk() {
    return `${this.errorCode}:${this.message}:${this.fields.join(',')} --`;
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const wrongType = (field: SalesforceFieldDefinition, value: unknown) =>
  new SalesforceError(
    'INVALID_TYPE_ON_FIELD_IN_RECORD',
    `${field.label}: value not of required type: ${String(value)}`,
    [field.name],
  );

/**
 * A written value in the fake's stored form (datetimes as epoch milliseconds, the rest as JSON
 * values). `fromCsv` applies the Bulk API's text rules: 'true'/'false', numbers as text.
 */
export function coerceValue(field: SalesforceFieldDefinition, value: unknown, fromCsv = false): unknown {
  if (value === null || value === undefined) return null;
  switch (field.type) {
    case 'boolean': {
      if (typeof value === 'boolean') return value;
      if (fromCsv && /^(true|false|1|0)$/i.test(String(value))) return /^(true|1)$/i.test(String(value));
      throw wrongType(field, value);
    }
    case 'int':
    case 'double':
    case 'currency':
    case 'percent': {
      const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
      if (!Number.isFinite(n) || (field.type === 'int' && !Number.isInteger(n)))
        throw wrongType(field, value);
      return n;
    }
    case 'datetime': {
      const ms = typeof value === 'string' ? Date.parse(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2')) : NaN;
      if (!Number.isFinite(ms)) throw wrongType(field, value);
      return ms;
    }
    case 'date': {
      if (typeof value !== 'string' || !DATE.test(value)) throw wrongType(field, value);
      return value;
    }
    case 'id':
    case 'reference': {
      const id = typeof value === 'string' ? normalizeSalesforceId(value) : null;
      if (!id) {
        throw new SalesforceError(
          'MALFORMED_ID',
          `${field.label}: id value of incorrect type: ${String(value)}`,
          [field.name],
        );
      }
      return id;
    }
    case 'string':
    case 'email':
    case 'phone':
    case 'url':
    case 'textarea':
    case 'picklist': {
      if (typeof value === 'object') throw wrongType(field, JSON.stringify(value));
      const textValue = String(value);
      if (textValue === '') return null;
      if (field.length && textValue.length > field.length) {
        throw new SalesforceError(
          'STRING_TOO_LONG',
          `${field.label}: data value too large: ${textValue} (max length=${field.length})`,
          [field.name],
        );
      }
      if (field.type === 'email' && !EMAIL.test(textValue)) {
        throw new SalesforceError(
          'INVALID_EMAIL_ADDRESS',
          `${field.label}: invalid email address: ${textValue}`,
          [field.name],
        );
      }
      return textValue;
    }
  }
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `2026-01-15T10:30:00.000+0000`, the REST API's datetime form. */
export function formatRestDatetime(ms: number): string {
  const d = new Date(ms);
  return (
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.${pad(d.getUTCMilliseconds(), 3)}+0000`
  );
}

export function formatJsonValue(field: SalesforceFieldDefinition, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  return field.type === 'datetime' ? formatRestDatetime(value as number) : value;
}

/** Bulk API CSV text: empty for null, ISO datetimes with Z. */
export function formatCsvValue(field: SalesforceFieldDefinition, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (field.type === 'datetime') return new Date(value as number).toISOString();
  return String(value);
}
