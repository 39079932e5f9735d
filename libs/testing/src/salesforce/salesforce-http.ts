import type { IncomingHttpHeaders } from 'node:http';
import { SalesforceError } from './salesforce-values';

export interface SfRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface SfResponse {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

export const JSON_TYPE = 'application/json;charset=UTF-8';

export function json(status: number, body: unknown, headers: Record<string, string> = {}): SfResponse {
  return { status, headers: { 'content-type': JSON_TYPE, ...headers }, body: JSON.stringify(body) };
}

export const noContent = (): SfResponse => ({ status: 204 });

/** The REST API's error body: an array of `{ message, errorCode, fields }`. */
export function restError(status: number, error: SalesforceError): SfResponse {
  return json(status, [error.toRest()]);
}

export const notFound = () =>
  restError(404, new SalesforceError('NOT_FOUND', 'The requested resource does not exist'));

export function methodNotAllowed(method: string, allowed: string[]): SfResponse {
  return restError(
    405,
    new SalesforceError(
      'METHOD_NOT_ALLOWED',
      `HTTP Method '${method}' not allowed. Allowed are ${allowed.join(',')}`,
    ),
  );
}

/** The status a failed single-record call answers with. */
export function statusOf(error: SalesforceError): number {
  return error.errorCode === 'NOT_FOUND' ? 404 : 400;
}

export function parseJsonBody(request: SfRequest): unknown {
  try {
    return JSON.parse(request.body.toString('utf8') || 'null');
  } catch {
    throw new SalesforceError('JSON_PARSER_ERROR', 'Unexpected character in the request body');
  }
}

/** An object body (a record or a job request); anything else is a parser error. */
export function jsonObject(request: SfRequest): Record<string, unknown> {
  const body = parseJsonBody(request);
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw new SalesforceError(
      'JSON_PARSER_ERROR',
      'Cannot deserialize instance of object from the request body',
    );
  }
  return body as Record<string, unknown>;
}
