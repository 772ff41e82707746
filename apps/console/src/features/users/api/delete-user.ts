import type { DeleteUserRequest } from '@ambassador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { usersKeys } from './users-keys';

/** DELETE /admin_settings/users with a JSON body {device_id, user_id}. */
export async function deleteUser(body: DeleteUserRequest): Promise<void> {
  await api.delete<null>('/admin_settings/users', body);
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}
