import type { User } from '@ambassador/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { usersKeys } from './users-keys';

export type UsersPage = { users: User[]; total: number };
export type UsersParams = { limit: number; offset: number };

/** GET /admin_settings/users?limit&offset (device_id added by the client). */
export async function getUsers(params: UsersParams, signal?: AbortSignal): Promise<UsersPage> {
  const { data, total } = await api.get<User[]>('/admin_settings/users', params, signal);
  return { users: data, total: total ?? data.length };
}

export function usersQueryOptions(params: UsersParams) {
  return queryOptions({
    queryKey: usersKeys.list(params),
    queryFn: ({ signal }) => getUsers(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUsers(params: UsersParams) {
  return useQuery(usersQueryOptions(params));
}
