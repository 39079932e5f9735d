export interface TemplatesQuery {
  page_number: number;
  keyword?: string;
}

export const templateKeys = {
  all: ['templates'] as const,
  lists: () => [...templateKeys.all, 'list'] as const,
  list: (query: TemplatesQuery) => [...templateKeys.lists(), query] as const,
  details: () => [...templateKeys.all, 'detail'] as const,
  detail: (id: string) => [...templateKeys.details(), id] as const,
  gallery: () => [...templateKeys.all, 'gallery'] as const,
  // The saved tokens as the editor's pickers list them.
  tokens: () => [...templateKeys.all, 'tokens'] as const,
};
