import type { ErrorBody } from '@meridian/contracts';

/**
 * Why a call failed: the server answered with an error status (`http`), nothing answered
 * (`network`), the request ran past its time limit (`timeout`), the caller cancelled it
 * (`aborted`), or the answer did not match the contract (`invalid-response`).
 */
export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'aborted' | 'invalid-response';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  method: string;
  url: string;
  status: number | null;
  /** The parsed error body, when the server sent one in the shared format. */
  body: ErrorBody | null;
  /**
   * Whether the request was a signed-in call: it carried the bearer token, or it needed one and the
   * token was gone (signed out in another tab). A 401/403 then means the session ended.
   */
  signedInCall: boolean;
  /** The caller shows its own message; the shared toasts stay quiet. */
  selfHandled: boolean;
  cause?: unknown;
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly method: string;
  readonly url: string;
  readonly status: number | null;
  readonly body: ErrorBody | null;
  readonly signedInCall: boolean;
  readonly selfHandled: boolean;

  constructor(init: ApiErrorInit) {
    super(describe(init), { cause: init.cause });
    this.name = 'ApiError';
    this.kind = init.kind;
    this.method = init.method;
    this.url = init.url;
    this.status = init.status;
    this.body = init.body;
    this.signedInCall = init.signedInCall;
    this.selfHandled = init.selfHandled;
  }

  /** The server's error code, e.g. `InvalidPasswordException`. */
  get code(): string | null {
    return this.body?.code ?? null;
  }

  get description(): string | null {
    return this.body?.description ?? null;
  }

  /** Messages per request field, for inline form errors. */
  get fieldErrors(): Record<string, string[]> {
    return this.body?.fields ?? {};
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function describe(init: ApiErrorInit): string {
  const call = `${init.method} ${init.url}`;
  switch (init.kind) {
    case 'http':
      return `${call} failed with ${init.status ?? 'no status'}${init.body ? ` (${init.body.code})` : ''}`;
    case 'network':
      return `${call} got no response`;
    case 'timeout':
      return `${call} timed out`;
    case 'aborted':
      return `${call} was cancelled`;
    case 'invalid-response':
      return `${call} answered in an unexpected format`;
  }
}
