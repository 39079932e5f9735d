import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/** Who is calling: resolved from the bearer token by the auth guard. */
export interface RequestContext {
  accountId: string;
  organisationId: string;
  sessionId: string;
  email: string;
  /** The account's display name, for 'created by' columns; absent where a context is built by hand. */
  name?: string;
  roles: string[];
  /** Staff account acting as this account, when the session is an impersonation. */
  impersonatorId: string | null;
  isStaff: boolean;
}

export type AuthenticatedRequest = FastifyRequest & { auth?: RequestContext; bearerToken?: string };

/** The caller's context in a handler; only on endpoints that are not public. */
export const Auth = createParamDecorator((_: unknown, context: ExecutionContext): RequestContext => {
  const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
  if (!request.auth) throw new Error('@Auth() used on a public endpoint');
  return request.auth;
});

export function hasRole(context: RequestContext, role: string): boolean {
  return context.roles.includes(role);
}
