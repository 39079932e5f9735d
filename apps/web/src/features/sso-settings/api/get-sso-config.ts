import { samlConfigGetContract } from '@meridian/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { ssoConfigKeys } from './sso-config-keys';

export function getSsoConfig(signal?: AbortSignal) {
  return apiCall(samlConfigGetContract, {}, { signal });
}

export function ssoConfigQueryOptions() {
  return queryOptions({ queryKey: ssoConfigKeys.current(), queryFn: ({ signal }) => getSsoConfig(signal) });
}

/** The organisation's identity provider (null until configured) and our service-provider details. */
export function useSsoConfig() {
  return useQuery(ssoConfigQueryOptions());
}
