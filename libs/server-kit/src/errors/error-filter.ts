import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import { commonErrors, type ErrorBody } from '@meridian/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import { z } from 'zod';
import { currentCorrelationId, loggedPath } from '../logging/logger';
import { DomainError } from './domain-error';
import { zodIssuesToFields } from './zod-fields';

const HTTP_CODES: Record<number, string> = {
  400: 'BadRequestException',
  401: 'InvalidAuthTokenException',
  403: 'ForbiddenException',
  404: 'NotFoundException',
  405: 'MethodNotAllowedException',
  409: 'ConflictException',
  413: 'PayloadTooLargeException',
  414: 'UriTooLongException',
  415: 'UnsupportedMediaTypeException',
  429: 'TooManyRequestsException',
};

/** Our sentences for the refusals Fastify makes before a handler runs. */
const FASTIFY_REFUSALS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: commonErrors.PayloadTooLargeException.description,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length',
  FST_ERR_MAX_PARAM_LENGTH: 'The address is too long',
  FST_ERR_BAD_URL: 'The address is not valid',
};

/**
 * The multipart parser (busboy) throws plain errors for a body that does not
 * match its boundary ('Multipart: Boundary not found', 'Unexpected end of
 * multipart data'): client input, not a server fault.
 */
function isMalformedMultipart(error: unknown): boolean {
  if (!(error instanceof Error) || error.constructor !== Error) return false;
  return /^(Multipart: |Unexpected end of (multipart data|form)|Part terminated early|Malformed part header)/.test(
    error.message,
  );
}

/** Turns anything thrown into the one error body of every service. */
export function toErrorBody(error: unknown): ErrorBody {
  const correlation_id = currentCorrelationId();
  if (error instanceof DomainError) {
    return {
      status_code: error.status,
      code: error.code,
      description: error.description,
      fields: error.fields,
      correlation_id,
    };
  }
  if (error instanceof z.ZodError) {
    const fields = zodIssuesToFields(error.issues);
    return {
      status_code: 400,
      code: 'ValidationException',
      description: Object.values(fields)[0]?.[0] ?? null,
      fields,
      correlation_id,
    };
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    return {
      status_code: status,
      code: HTTP_CODES[status] ?? (status >= 500 ? 'InternalServerError' : 'BadRequestException'),
      description: status >= 500 ? 'Something went wrong!' : status === 400 ? null : error.message,
      fields: {},
      correlation_id,
    };
  }
  // Fastify's own errors (malformed JSON, body too large, wrong content type) and multipart's.
  const statusCode = (error as { statusCode?: unknown })?.statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    const known = FASTIFY_REFUSALS[String((error as { code?: unknown }).code)];
    return {
      status_code: statusCode,
      code: HTTP_CODES[statusCode] ?? 'BadRequestException',
      description: known ?? (statusCode === 400 ? null : (error as Error).message),
      fields: {},
      correlation_id,
    };
  }
  if (isMalformedMultipart(error)) {
    return {
      status_code: 400,
      code: 'BadRequestException',
      description: 'The upload is not valid multipart form data',
      fields: {},
      correlation_id,
    };
  }
  return {
    status_code: 500,
    code: 'InternalServerError',
    description: 'Something went wrong!',
    fields: {},
    correlation_id,
  };
}

/** How much of a refused body is read and dropped before answering, at most. */
const DRAIN_MAX_BYTES = 256 * 1024 * 1024;
const DRAIN_MAX_MS = 60_000;

/**
 * Calls `then` once the client has sent the rest of a body nobody will read (a refused
 * one: too large, wrong type). Answering first would close the connection with unread
 * data, which resets it: a client still writing (a proxy, most HTTP libraries) loses the
 * answer and reports a broken connection instead of the 413.
 */
function afterUnreadBody(raw: IncomingMessage, then: () => void): void {
  if (raw.complete || raw.readableEnded || raw.destroyed) return then();
  let bytes = 0;
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    clearTimeout(timer);
    raw.off('data', onData);
    then();
  };
  const onData = (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > DRAIN_MAX_BYTES) finish();
  };
  const timer = setTimeout(finish, DRAIN_MAX_MS);
  raw.on('data', onData);
  raw.once('end', finish);
  raw.once('close', finish);
  raw.once('error', finish);
  raw.resume();
}

/** Sends `error` as the one error body, logging server faults. */
export function sendErrorBody(
  logger: Logger,
  request: FastifyRequest,
  reply: FastifyReply,
  error: unknown,
): void {
  const body = toErrorBody(error);
  if (body.status_code >= 500) {
    logger.error(
      { err: error, method: request.method, url: loggedPath(request.url, request.routeOptions?.url) },
      'request failed',
    );
  } else {
    logger.info(
      { code: body.code, status: body.status_code, url: loggedPath(request.url, request.routeOptions?.url) },
      'request refused',
    );
  }
  afterUnreadBody(request.raw, () => {
    if (!reply.sent) void reply.status(body.status_code).send(body);
  });
}

@Catch()
export class ErrorFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    sendErrorBody(
      this.logger,
      http.getRequest<FastifyRequest>(),
      http.getResponse<FastifyReply>(),
      exception,
    );
  }
}
