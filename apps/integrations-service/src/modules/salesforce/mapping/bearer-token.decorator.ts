import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { AuthenticatedRequest } from '@meridian/server-kit';

/** The caller's bearer token (set by the auth guard), for calls made to other services on its behalf. */
export const BearerToken = createParamDecorator((_: unknown, context: ExecutionContext): string => {
  const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
  if (!request.bearerToken) throw new Error('@BearerToken() used on a public endpoint');
  return request.bearerToken;
});
