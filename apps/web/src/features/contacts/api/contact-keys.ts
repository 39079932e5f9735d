export interface ContactListQuery {
  page_number: number;
  keyword?: string;
  start_date?: string;
  end_date?: string;
}

export const contactKeys = {
  all: ['contacts'] as const,
  lists: () => [...contactKeys.all, 'list'] as const,
  list: (query: ContactListQuery) => [...contactKeys.lists(), query] as const,
  details: () => [...contactKeys.all, 'detail'] as const,
  detail: (id: string) => [...contactKeys.details(), id] as const,
  subscription: (id: string) => [...contactKeys.detail(id), 'subscription'] as const,
  productUsers: (id: string, page: number) => [...contactKeys.detail(id), 'product-users', page] as const,
  activities: (id: string, type: 'marketing' | 'product', page: number) =>
    [...contactKeys.detail(id), 'activities', type, page] as const,
  emails: (id: string, page: number) => [...contactKeys.detail(id), 'emails', page] as const,
  settings: () => [...contactKeys.all, 'settings'] as const,
  /** The Salesforce sync panel reads by email: Salesforce records know persons by email. */
  salesforce: (email: string) => [...contactKeys.all, 'salesforce', email.toLowerCase()] as const,
  salesforceRecords: (email: string) => [...contactKeys.salesforce(email), 'records'] as const,
  salesforceLatestError: (email: string) => [...contactKeys.salesforce(email), 'latest-error'] as const,
  salesforceConnection: () => [...contactKeys.all, 'salesforce-connection'] as const,
};
