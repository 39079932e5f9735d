import type { PageRequest } from '@meridian/contracts';

export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (page: PageRequest) => [...userKeys.lists(), page] as const,
};
