import {
  applyDecorators,
  type CallHandler,
  createParamDecorator,
  type ExecutionContext,
  Get,
  HttpCode,
  Injectable,
  type NestInterceptor,
  Post,
  SetMetadata,
  UseInterceptors,
} from '@nestjs/common';
import type { Endpoint as EndpointContract } from '@meridian/contracts';
import type { FastifyRequest } from 'fastify';
import { map, type Observable } from 'rxjs';
import { ValidationError } from '../errors/domain-error';
import { zodIssuesToFields } from '../errors/zod-fields';

export const ENDPOINT_METADATA = 'meridian:endpoint';

export function endpointOf(context: ExecutionContext): EndpointContract | undefined {
  return Reflect.getMetadata(ENDPOINT_METADATA, context.getHandler()) as EndpointContract | undefined;
}

/** Checks what a handler returns against its contract (and strips unknown keys). */
@Injectable()
export class ContractResponseInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const contract = endpointOf(context);
    return next.handle().pipe(
      map((value: unknown) => {
        if (!contract) return value;
        const parsed = contract.response.safeParse(value);
        if (!parsed.success) {
          throw new Error(
            `Response of ${contract.method} ${contract.fullPath} breaks its contract: ${JSON.stringify(zodIssuesToFields(parsed.error.issues))}`,
          );
        }
        return parsed.data;
      }),
    );
  }
}

/**
 * Binds a handler to its contract: method and full path from `libs/contracts`,
 * status 200, request checked before the handler (and handed over by `@Input()`), response
 * checked on the way out.
 */
export function Endpoint(contract: EndpointContract): MethodDecorator {
  const route = contract.method === 'GET' ? Get(contract.fullPath) : Post(contract.fullPath);
  return applyDecorators(
    route,
    HttpCode(200),
    SetMetadata(ENDPOINT_METADATA, contract),
    UseInterceptors(ContractRequestInterceptor, ContractResponseInterceptor),
  );
}

/** Each request's parsed input, so the check before the handler and `@Input()` parse it once. */
const parsedInputs = new WeakMap<object, unknown>();

/**
 * The request (body, or query for GET) parsed with the endpoint's contract. Path parameters
 * (`/saml/:slug/acs`) join it and win over same-named body fields.
 */
function parseInput(context: ExecutionContext): unknown {
  const request = context.switchToHttp().getRequest<FastifyRequest>();
  if (parsedInputs.has(request)) return parsedInputs.get(request);
  const contract = endpointOf(context);
  if (!contract) throw new Error('@Input() needs @Endpoint() on the same handler');
  const base = contract.method === 'GET' ? (request.query ?? {}) : (request.body ?? {});
  const params = (request.params ?? {}) as Record<string, string>;
  const raw =
    Object.keys(params).length > 0 && typeof base === 'object' && !Array.isArray(base)
      ? { ...base, ...params }
      : base;
  const parsed = contract.request.safeParse(raw);
  if (!parsed.success) throw new ValidationError(zodIssuesToFields(parsed.error.issues));
  parsedInputs.set(request, parsed.data);
  return parsed.data;
}

/**
 * Checks every request against its contract before the handler runs, whether or not the
 * handler reads it: a call that takes nothing still refuses a body that is not an object.
 */
@Injectable()
export class ContractRequestInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    parseInput(context);
    return next.handle();
  }
}

/** The request parsed with the endpoint's contract (see `parseInput`). */
export const Input = createParamDecorator((_: unknown, context: ExecutionContext) => parseInput(context));

/**
 * Binds a handler that answers with the reply itself (`@Res()`: a pixel, a redirect, a page) to
 * its contract: method, full path and access as `@Endpoint`, with no JSON response check.
 */
export function RawEndpoint(contract: EndpointContract): MethodDecorator {
  const route = contract.method === 'GET' ? Get(contract.fullPath) : Post(contract.fullPath);
  return applyDecorators(route, SetMetadata(ENDPOINT_METADATA, contract));
}
