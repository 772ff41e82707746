import type { Push } from '@ambassador/contracts';

export type PushesPage = { rows: Push[]; total: number };

/** Query keys of Push Message: the history, by page. */
export const pushKeys = {
  all: ['push'] as const,
  lists: () => [...pushKeys.all, 'list'] as const,
  list: (query: { limit: number; offset: number }) => [...pushKeys.lists(), query] as const,
};
