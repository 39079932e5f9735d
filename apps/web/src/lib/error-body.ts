import type { ErrorBody } from '@meridian/contracts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isFields(value: unknown): value is Record<string, string[]> {
  return (
    isRecord(value) &&
    Object.values(value).every(
      (messages) => Array.isArray(messages) && messages.every((m) => typeof m === 'string'),
    )
  );
}

/**
 * The error body of spec section 8 in a failed answer, or null: the same rules as the contracts'
 * `errorBodySchema` (unit-tested against it), written out so every page's first load can read
 * errors without the schema library.
 */
export function readErrorBody(value: unknown): ErrorBody | null {
  if (!isRecord(value)) return null;
  const { status_code, code, description, fields, correlation_id } = value;
  if (typeof status_code !== 'number' || !Number.isInteger(status_code)) return null;
  if (typeof code !== 'string') return null;
  if (description !== null && typeof description !== 'string') return null;
  if (fields !== undefined && !isFields(fields)) return null;
  if (correlation_id !== undefined && typeof correlation_id !== 'string') return null;
  const body: ErrorBody = { status_code, code, description, fields: fields ?? {} };
  if (correlation_id !== undefined) body.correlation_id = correlation_id;
  return body;
}
