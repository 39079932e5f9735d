export interface WebhooksQuery {
  page_number: number;
  search: string;
}

export const webhookKeys = {
  all: ['webhooks'] as const,
  lists: () => [...webhookKeys.all, 'list'] as const,
  list: (query: WebhooksQuery) => [...webhookKeys.lists(), query] as const,
  details: () => [...webhookKeys.all, 'detail'] as const,
  detail: (id: string) => [...webhookKeys.details(), id] as const,
  /** The saved tokens the payload editor offers (another feature's data, read-only here). */
  tokens: () => [...webhookKeys.all, 'tokens'] as const,
};
