import type { CreateUserRequest, User } from '@ambassador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { usersKeys } from './users-keys';

/** POST /admin_settings/users: 409 when the username exists. */
export async function createUser(body: CreateUserRequest): Promise<User> {
  const { data } = await api.post<User>('/admin_settings/users', body);
  return data;
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}
