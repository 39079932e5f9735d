export interface StaticListsQuery {
  page_number: number;
  search_keyword?: string;
}
export interface StaticListContactsQuery {
  page_number: number;
  search_keyword?: string;
  start_date: string;
  end_date: string;
}

export const staticListKeys = {
  all: ['static-lists'] as const,
  lists: () => [...staticListKeys.all, 'list'] as const,
  list: (query: StaticListsQuery) => [...staticListKeys.lists(), query] as const,
  details: () => [...staticListKeys.all, 'detail'] as const,
  detail: (id: string) => [...staticListKeys.details(), id] as const,
  contacts: (id: string) => [...staticListKeys.detail(id), 'contacts'] as const,
  contactPage: (id: string, query: StaticListContactsQuery) =>
    [...staticListKeys.contacts(id), query] as const,
};
