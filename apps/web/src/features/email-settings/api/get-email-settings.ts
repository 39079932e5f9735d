import { senderDomainListContract, settingsGetContract, unsubUrlGetContract } from '@meridian/contracts';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import type { SavedEmailSettings } from '../utils/email-settings-form';
import { emailSettingsKeys } from './email-settings-keys';

export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: emailSettingsKeys.settings(),
    queryFn: ({ signal }) => apiCall(settingsGetContract, {}, { signal }),
  });

export const activeDomainsQueryOptions = () =>
  queryOptions({
    queryKey: emailSettingsKeys.activeDomains(),
    queryFn: ({ signal }) => apiCall(senderDomainListContract, { active: true }, { signal }),
  });

export const unsubUrlQueryOptions = () =>
  queryOptions({
    queryKey: emailSettingsKeys.unsubUrl(),
    queryFn: ({ signal }) => apiCall(unsubUrlGetContract, {}, { signal }),
  });

export type EmailSettingsState =
  | { status: 'pending' }
  | { status: 'error'; error: unknown; retry: () => void; retrying: boolean }
  | { status: 'success'; saved: SavedEmailSettings; activeDomains: string[] };

/** Everything /email-settings shows, loaded together: the page renders once all three answered. */
export function useEmailSettings(): EmailSettingsState {
  return useQueries({
    queries: [settingsQueryOptions(), activeDomainsQueryOptions(), unsubUrlQueryOptions()],
    combine: ([settings, domains, unsub]): EmailSettingsState => {
      const failed = [settings, domains, unsub].find((query) => query.isError);
      if (failed) {
        return {
          status: 'error',
          error: failed.error,
          retrying: [settings, domains, unsub].some((query) => query.isFetching),
          retry: () => {
            for (const query of [settings, domains, unsub]) if (query.isError) void query.refetch();
          },
        };
      }
      if (!settings.data || !domains.data || !unsub.data) return { status: 'pending' };
      return {
        status: 'success',
        saved: {
          email: settings.data.settings.email,
          person_org_mapping: settings.data.settings.person_org_mapping,
          unsubUrl: unsub.data.unsub_url,
        },
        activeDomains: domains.data.domain.map((row) => row.domain),
      };
    },
  });
}
