// The platform as the deployment files must describe it: the four services
// (URL prefixes and health paths from the contracts) and the web app.
import { resolve } from 'node:path';
import { healthContracts, SERVICE_PREFIX, type ServiceName } from '@meridian/contracts';

export const ROOT = resolve(__dirname, '../..');
export const NAMESPACE = 'meridian';

const PORTS: Record<ServiceName, number> = { auth: 3101, integrations: 3102, campaign: 3103, reports: 3104 };

/** The four services: workload name, port, URL prefix and health path (the last two from the contracts). */
export const SERVICES = (Object.keys(PORTS) as ServiceName[]).map((key) => ({
  name: `${key}-service`,
  port: PORTS[key],
  prefix: SERVICE_PREFIX[key],
  health: healthContracts[key].fullPath,
}));
export const WEB = { name: 'web', containerPort: 8080 };
/** Public paths outside the API prefixes: the Segment Tracking API (`/v1/batch`, ...), where Segment clients post. */
export const PUBLIC_ROUTES = [{ prefix: '/v1', name: 'integrations-service' }];
/** Worker Deployments: a service's image in SERVICE_ROLE=worker, beside its HTTP Deployment. */
export const WORKERS = [{ name: 'campaign-worker', service: 'campaign-service' }];
/**
 * Seconds a service needs between SIGTERM and exit (libs/server-kit bootstrap and job worker):
 * running requests finish, running jobs get graphile-worker's 5 s and are then aborted (batches
 * stop at a safe point and commit), mail connections and pools close. The image start test
 * measures the idle case against the grace periods; this is the budget for a busy one.
 */
export const SHUTDOWN_SECONDS = 25;
