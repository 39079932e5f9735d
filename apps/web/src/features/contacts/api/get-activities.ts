import {
  DEFAULT_PAGE_SIZE,
  personActivitiesContract,
  personCampaignMetricsContract,
  personProductUserListContract,
} from '@meridian/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { contactKeys } from './contact-keys';

export function useContactActivities(id: string, type: 'marketing' | 'product', page: number) {
  return useQuery({
    queryKey: contactKeys.activities(id, type, page),
    queryFn: ({ signal }) =>
      apiCall(
        personActivitiesContract,
        { person_id: id, activity_type: type, page_number: page, page_size: DEFAULT_PAGE_SIZE },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useProductUsers(id: string, page: number) {
  return useQuery({
    queryKey: contactKeys.productUsers(id, page),
    queryFn: ({ signal }) =>
      apiCall(
        personProductUserListContract,
        { person_id: id, page_number: page, page_size: DEFAULT_PAGE_SIZE },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** The campaign emails sent to a contact, one row each with its opens and clicked links. */
export function useContactEmails(id: string, page: number) {
  return useQuery({
    queryKey: contactKeys.emails(id, page),
    queryFn: ({ signal }) =>
      apiCall(
        personCampaignMetricsContract,
        { person_id: id, page_number: page, page_size: DEFAULT_PAGE_SIZE },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}
