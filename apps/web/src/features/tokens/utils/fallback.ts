import { EMPTY_FALLBACK_TYPES, type TokenReturnType } from '@meridian/contracts';

/** Spec 5 "Token": the fallback input depends on the token's type. */
export type FallbackInput = 'text' | 'number' | 'date' | 'boolean' | 'none';

/** The True/False selector of boolean tokens. */
export const BOOLEAN_OPTIONS = [
  { value: 'true', label: 'True' },
  { value: 'false', label: 'False' },
];

/** Text until the code's type is known; arrays and hashmaps fall back to empty. */
export function fallbackInputFor(type: TokenReturnType | null): FallbackInput {
  switch (type) {
    case null:
    case 'string':
      return 'text';
    case 'number':
      return 'number';
    case 'datetime':
      return 'date';
    case 'boolean':
      return 'boolean';
    case 'array':
    case 'hashmap':
      return 'none';
  }
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `value` is something the fallback input for `type` can hold. */
export function fallbackFits(value: string, type: TokenReturnType | null): boolean {
  switch (fallbackInputFor(type)) {
    case 'text':
      return true;
    case 'number':
      return value.trim() !== '' && Number.isFinite(Number(value));
    case 'date':
      return ISO_DATE.test(value) && !Number.isNaN(new Date(`${value}T00:00:00Z`).getTime());
    case 'boolean':
      return value === 'true' || value === 'false';
    case 'none':
      return value === '';
  }
}

/** The fallback kept when the code's type changes: the value if the new input can hold it, else empty. */
export function fallbackForType(value: string, type: TokenReturnType | null): string {
  return fallbackFits(value, type) ? value : '';
}

/** Whether the type asks for a fallback at all (arrays and hashmaps fall back to empty). */
export function needsFallback(type: TokenReturnType | null): boolean {
  return type === null || !EMPTY_FALLBACK_TYPES.includes(type);
}
