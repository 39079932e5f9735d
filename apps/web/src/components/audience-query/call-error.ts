import { isApiError } from '@/lib/api-error';

/** What a failed preview or count says: the server's description, else a plain sentence. */
export function callErrorText(error: unknown): string {
  if (isApiError(error) && error.description) return error.description;
  return 'The dynamic list could not be loaded. Try again.';
}
