import {
  salesforceConnectionGetContract,
  salesforceErrorsLatestContract,
  salesforcePersonRecordsContract,
  salesforcePersonRemapContract,
  salesforcePersonResyncContract,
} from '@meridian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { contactKeys } from './contact-keys';

/** Spec 8 toasts of the Salesforce sync panel, word for word. */
export const SALESFORCE_PANEL_MESSAGES = {
  remapped: 'Remapped successfuly!',
  remapFailed: 'Remap failed!',
  resynced: 'Record succesfully scheduled to sync',
  resyncFailed: 'Resync record failed',
} as const;

/**
 * The organisation's Salesforce connection as the panel needs it: null when there is none (the
 * empty state says so), else its address for links to the records.
 */
export function useSalesforceConnection() {
  return useQuery({
    queryKey: contactKeys.salesforceConnection(),
    queryFn: ({ signal }) =>
      apiCall(salesforceConnectionGetContract, {}, { signal }).then((r) =>
        r.connection ? { instance_url: r.connection.instance_url } : null,
      ),
  });
}

export function usePersonRecords(email: string, enabled: boolean) {
  return useQuery({
    queryKey: contactKeys.salesforceRecords(email),
    queryFn: ({ signal }) => apiCall(salesforcePersonRecordsContract, { email }, { signal }),
    enabled,
  });
}

export function useLatestSyncError(email: string, enabled: boolean) {
  return useQuery({
    queryKey: contactKeys.salesforceLatestError(email),
    queryFn: ({ signal }) =>
      apiCall(salesforceErrorsLatestContract, { email }, { signal }).then((r) => r.error),
    enabled,
  });
}

/** Failures show the spec's 'Remap failed!' instead of the shared toast. */
export function useRemapPerson(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { selfHandled: true },
    mutationFn: (sfId: string) =>
      apiCall(salesforcePersonRemapContract, { email, sf_id: sfId }, { selfHandled: true }),
    onSuccess: (records) => {
      // The answer is the records as they are now; only the sync status is read again.
      queryClient.setQueryData(contactKeys.salesforceRecords(email), records);
      return queryClient.invalidateQueries({ queryKey: contactKeys.salesforceLatestError(email) });
    },
  });
}

/** Failures show the spec's 'Resync record failed' instead of the shared toast. */
export function useResyncPerson(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { selfHandled: true },
    mutationFn: () => apiCall(salesforcePersonResyncContract, { email }, { selfHandled: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactKeys.salesforce(email) }),
  });
}
