import type { RequestContext } from './request-context';

/** Turns a bearer token into the caller's context, or null when it is not a live session. */
export interface TokenVerifier {
  verify(token: string): Promise<RequestContext | null>;
}

export const TOKEN_VERIFIER = Symbol('TOKEN_VERIFIER');
