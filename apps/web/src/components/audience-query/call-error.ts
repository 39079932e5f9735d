import { isApiError } from '@/lib/api-error';

/** What a failed preview or count says: the server's description, else a plain sentence. */
export function callErrorText(error: unknown): string {
  if (isApiError(error) && error.description) return error.description;
  return 'The dynamic list could not be loaded. Try again.';
}

const PREFIX = 'query.conditions';

/**
 * The server's messages for items of the query ('query.conditions.0.children.1'), keyed as the
 * builder keys its own ('0.children.1', '' for the whole list), so they show at their rows.
 */
export function queryFieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  const found: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    if (field !== PREFIX && !field.startsWith(`${PREFIX}.`)) continue;
    const message = messages[0];
    if (message) found[field.slice(PREFIX.length + 1)] = message;
  }
  return found;
}
