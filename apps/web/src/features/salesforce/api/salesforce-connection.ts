import {
  salesforceConnectionCompleteContract,
  salesforceConnectionCreateContract,
  salesforceConnectionDeleteContract,
  salesforceConnectionGetContract,
  salesforceOAuthLoginContract,
  salesforceOAuthUrlContract,
  salesforceSyncPauseContract,
  salesforceSyncResumeContract,
  salesforceSyncStartContract,
  unifiedMappingGetContract,
  type RequestOf,
  type SalesforceConnection,
} from '@meridian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { salesforceConnectionKeys } from './salesforce-connection-keys';

/** The organisation's Salesforce connection (by id, or its one connection); null when it has none. */
export function useSalesforceConnection(id: string | null) {
  return useQuery({
    queryKey: salesforceConnectionKeys.connection(id),
    queryFn: ({ signal }) =>
      apiCall(salesforceConnectionGetContract, { connection_id: id }, { signal, selfHandled: true }).then(
        (r) => r.connection,
      ),
    // The page says in place why a connection cannot be shown (another organisation's id: 404).
    meta: { selfHandled: true },
  });
}

/** A changed connection: both cached views of it take the answer; the lists elsewhere go stale. */
export function useStoreSalesforceConnection() {
  const queryClient = useQueryClient();
  return (connection: SalesforceConnection) => {
    queryClient.setQueryData(salesforceConnectionKeys.connection(connection.connection_id), connection);
    queryClient.setQueryData(salesforceConnectionKeys.connection(null), connection);
    return queryClient.invalidateQueries({ queryKey: ['connections'] });
  };
}

export function useCreateSalesforceConnection() {
  const store = useStoreSalesforceConnection();
  return useMutation({
    meta: { selfHandled: true },
    mutationFn: (input: RequestOf<typeof salesforceConnectionCreateContract>) =>
      apiCall(salesforceConnectionCreateContract, input, { selfHandled: true }).then((r) => r.connection),
    onSuccess: store,
  });
}

/** The authorize URL of the connected app for this connection (with the server's `state`). */
export function useSalesforceLoginUrl() {
  return useMutation({
    meta: { selfHandled: true },
    mutationFn: (connectionId: string) =>
      apiCall(salesforceOAuthUrlContract, { connection_id: connectionId }, { selfHandled: true }).then(
        (r) => r.url,
      ),
  });
}

export function useSalesforceOAuthLogin() {
  const store = useStoreSalesforceConnection();
  return useMutation({
    meta: { selfHandled: true },
    mutationFn: (input: RequestOf<typeof salesforceOAuthLoginContract>) =>
      apiCall(salesforceOAuthLoginContract, input, { selfHandled: true }).then((r) => r.connection),
    onSuccess: store,
  });
}

export function useDeleteSalesforceConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (connectionId: string) =>
      apiCall(salesforceConnectionDeleteContract, { connection_id: connectionId }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: salesforceConnectionKeys.all });
      return queryClient.invalidateQueries({ queryKey: ['connections'] });
    },
  });
}

export type SyncSwitch = 'start' | 'pause' | 'resume';
const SWITCH_CONTRACTS = {
  start: salesforceSyncStartContract,
  pause: salesforceSyncPauseContract,
  resume: salesforceSyncResumeContract,
} as const;

export function useSalesforceSyncSwitch(connectionId: string) {
  const store = useStoreSalesforceConnection();
  return useMutation({
    mutationFn: (action: SyncSwitch) =>
      apiCall(SWITCH_CONTRACTS[action], { connection_id: connectionId }).then((r) => r.connection),
    onSuccess: store,
  });
}

/**
 * What the setup and the header need of the unified mapping: how many person fields are mapped
 * ('Start Sync' needs one) and whether this connection fills the email key.
 */
export function useMappingReadiness(connectionId: string) {
  return useQuery({
    queryKey: salesforceConnectionKeys.mapping(),
    queryFn: ({ signal }) => apiCall(unifiedMappingGetContract, {}, { signal }),
    select: (mapping) => {
      const email = mapping.mapping.find((row) => row.destination.name === 'email');
      const emailMapped =
        email?.source.some(
          (s) => s.connection_id === connectionId && (s.field.contact !== null || s.field.lead !== null),
        ) ?? false;
      return { mappedCount: mapping.mapped_count, emailMapped };
    },
  });
}

/** The wizard's end: setup complete, optionally auto-mapped and started. */
export function useCompleteSalesforceSetup(connectionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: { automap: boolean; start_sync: boolean }) =>
      apiCall(salesforceConnectionCompleteContract, { connection_id: connectionId, ...choice }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: salesforceConnectionKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['connections'] }),
      ]),
  });
}
