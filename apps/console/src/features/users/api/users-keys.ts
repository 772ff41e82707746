/** Query keys of the users feature; mutations invalidate `usersKeys.all`. */
export const usersKeys = {
  all: ['users'] as const,
  lists: () => [...usersKeys.all, 'list'] as const,
  list: (params: { limit: number; offset: number }) => [...usersKeys.lists(), params] as const,
};
