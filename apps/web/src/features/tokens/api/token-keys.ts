export interface TokensQuery {
  page_number: number;
  search?: string;
}

export const tokenKeys = {
  all: ['tokens'] as const,
  lists: () => [...tokenKeys.all, 'list'] as const,
  list: (query: TokensQuery) => [...tokenKeys.lists(), query] as const,
  details: () => [...tokenKeys.all, 'detail'] as const,
  detail: (id: string) => [...tokenKeys.details(), id] as const,
  functions: () => [...tokenKeys.all, 'functions'] as const,
  columns: () => [...tokenKeys.all, 'columns'] as const,
  verify: (code: string) => [...tokenKeys.all, 'verify', code] as const,
};
