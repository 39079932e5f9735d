import { healthContracts, serviceNames, type HealthResponse, type ServiceName } from '@meridian/contracts';
import { useQueries } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

export const healthKeys = {
  all: ['health'] as const,
  service: (service: ServiceName) => [...healthKeys.all, service] as const,
};

export function getHealth(service: ServiceName, signal?: AbortSignal): Promise<HealthResponse> {
  return apiCall(healthContracts[service], {}, { signal, selfHandled: true });
}

export type ServiceState = 'checking' | 'up' | 'down';

/** Each service's health through the gateway; a failed check reads as down, without a toast. */
export function useServicesHealth(): { service: ServiceName; state: ServiceState }[] {
  const results = useQueries({
    queries: serviceNames.map((service) => ({
      queryKey: healthKeys.service(service),
      queryFn: ({ signal }: { signal: AbortSignal }) => getHealth(service, signal),
      meta: { selfHandled: true },
      staleTime: 15_000,
      refetchInterval: 30_000,
    })),
  });
  return serviceNames.map((service, index) => {
    const result = results[index];
    const state: ServiceState = result?.isPending
      ? 'checking'
      : result?.data?.status === 'up'
        ? 'up'
        : 'down';
    return { service, state };
  });
}
