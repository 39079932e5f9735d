import type { DevMailsQuery } from './dev-mails.schemas';

/** The local gateway's mail capture (local mode only). */
export const DEV_MAILS_PATH = '/api/dev/mails';

export const devMailKeys = {
  all: ['dev-mails'] as const,
  availability: () => [...devMailKeys.all, 'availability'] as const,
  lists: () => [...devMailKeys.all, 'list'] as const,
  list: (query: DevMailsQuery) => [...devMailKeys.lists(), query] as const,
  details: () => [...devMailKeys.all, 'detail'] as const,
  detail: (id: string) => [...devMailKeys.details(), id] as const,
};
