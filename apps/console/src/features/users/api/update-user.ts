import type { UpdateUserRequest, User } from '@ambassador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { usersKeys } from './users-keys';

/** PUT /admin_settings/users: any subset of fields; old_password when changing one's own password. */
export async function updateUser(body: UpdateUserRequest): Promise<User> {
  const { data } = await api.put<User>('/admin_settings/users', body);
  return data;
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}
