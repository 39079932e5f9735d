import { z } from 'zod';

/**
 * The error body every service answers with (spec section 8 leaves the server's
 * format open; this is ours, one shape for all services):
 * `code` names the failure (`InvalidPasswordException`), `description` is a
 * human sentence or null, `fields` maps a request field to its messages.
 */
export const errorBodySchema = z.object({
  status_code: z.number().int(),
  code: z.string(),
  description: z.string().nullable(),
  fields: z.record(z.string(), z.array(z.string())).default({}),
  correlation_id: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * Error codes known to every service, with the status they answer with and their
 * default description. Features add their own codes in their contracts.
 */
export const commonErrors = {
  ValidationException: { status: 400, description: null },
  BadRequestException: { status: 400, description: null },
  AuthTokenNotFoundException: { status: 401, description: 'Auth token not found' },
  InvalidAuthTokenException: { status: 401, description: 'Auth token is invalid or expired' },
  ForbiddenException: { status: 403, description: 'You do not have permission to do this' },
  NotFoundException: { status: 404, description: 'Not found' },
  ConflictException: { status: 409, description: 'Conflict' },
  PayloadTooLargeException: { status: 413, description: 'Request is too large' },
  TooManyRequestsException: { status: 429, description: 'Too many requests. Please try again later' },
  InternalServerError: { status: 500, description: 'Something went wrong!' },
  ServiceUnavailableException: { status: 503, description: 'Service unavailable' },
} as const satisfies Record<string, ErrorDefinition>;

export interface ErrorDefinition {
  status: number;
  description: string | null;
}

export type CommonErrorCode = keyof typeof commonErrors;
