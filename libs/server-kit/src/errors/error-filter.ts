import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import type { ErrorBody } from '@meridian/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { z } from 'zod';
import { currentCorrelationId } from '../logging/logger';
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
  415: 'UnsupportedMediaTypeException',
  429: 'TooManyRequestsException',
};

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
  // Fastify's own errors (malformed JSON, body too large, wrong content type).
  const statusCode = (error as { statusCode?: unknown })?.statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return {
      status_code: statusCode,
      code: HTTP_CODES[statusCode] ?? 'BadRequestException',
      description: statusCode === 400 ? null : (error as Error).message,
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

@Catch()
export class ErrorFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();
    const body = toErrorBody(exception);
    if (body.status_code >= 500) {
      this.logger.error({ err: exception, method: request.method, url: request.url }, 'request failed');
    } else {
      this.logger.info({ code: body.code, status: body.status_code, url: request.url }, 'request refused');
    }
    void reply.status(body.status_code).send(body);
  }
}
