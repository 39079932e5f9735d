import {
  samlConfigCreateContract,
  samlConfigUpdateContract,
  type SamlConfigRequest,
} from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { ssoConfigKeys } from './sso-config-keys';

export interface SaveSsoConfigInput {
  /** Whether the organisation already has a configuration: update it, or create the first one. */
  exists: boolean;
  values: SamlConfigRequest;
}

export function saveSsoConfig({ exists, values }: SaveSsoConfigInput) {
  return apiCall(exists ? samlConfigUpdateContract : samlConfigCreateContract, values);
}

export function useSaveSsoConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSsoConfig,
    onSuccess: (answer) => queryClient.setQueryData(ssoConfigKeys.current(), answer),
  });
}
