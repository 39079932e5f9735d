import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { NotFoundError } from '@meridian/server-kit';

/** The replica's role (config SERVICE_ROLE): 'http' and 'worker' replicas run from one image. */
export type ServiceRole = 'all' | 'http' | 'worker';

/**
 * On a worker replica only the health check answers: its HTTP port exists for the probes, and
 * every other call belongs to the HTTP replicas behind the ingress.
 */
@Injectable()
export class WorkerRoleGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<{ url?: string }>();
    const path = (request.url ?? '').split('?')[0] ?? '';
    if (path.endsWith('/health')) return true;
    throw new NotFoundError('Not found');
  }
}
