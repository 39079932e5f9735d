import type { HealthResponse, ServiceName } from '@meridian/contracts';
import { useEffect, useState } from 'react';
import { apiSend } from '@/lib/api-send';
import { healthAddresses, healthServices } from './health-addresses';

/** How often the status line checks again. */
export const HEALTH_REFRESH_MS = 30_000;

export function getHealth(service: ServiceName, signal?: AbortSignal): Promise<HealthResponse> {
  return apiSend(healthAddresses[service], {}, { signal, selfHandled: true });
}

export type ServiceState = 'checking' | 'up' | 'down';

type States = Record<ServiceName, ServiceState>;

const CHECKING: States = {
  auth: 'checking',
  integrations: 'checking',
  campaign: 'checking',
  reports: 'checking',
};

/**
 * Each service's health through the gateway, checked on arrival and every 30 s; a failed check
 * reads as down, without a toast. Plain state, not the data layer: the line sits under the login
 * card, whose first load carries neither.
 */
export function useServicesHealth(): { service: ServiceName; state: ServiceState }[] {
  const [states, setStates] = useState<States>(CHECKING);
  useEffect(() => {
    const controller = new AbortController();
    const check = () => {
      for (const service of healthServices) {
        getHealth(service, controller.signal).then(
          (answer) => setStates((now) => ({ ...now, [service]: answer.status === 'up' ? 'up' : 'down' })),
          () => {
            if (!controller.signal.aborted) setStates((now) => ({ ...now, [service]: 'down' }));
          },
        );
      }
    };
    check();
    const timer = window.setInterval(check, HEALTH_REFRESH_MS);
    return () => {
      window.clearInterval(timer);
      controller.abort();
    };
  }, []);
  return healthServices.map((service) => ({ service, state: states[service] }));
}
