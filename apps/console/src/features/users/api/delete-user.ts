import type { BulkResult, DeleteUserRequest, UsersBulkRequest } from '@ambassador/contracts';
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

/** POST /admin_settings/users/bulk: delete the picked users, or all; never the caller nor the last admin. */
export function useBulkDeleteUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (selection: UsersBulkRequest['selection']) =>
      (await api.post<BulkResult>('/admin_settings/users/bulk', { action: 'delete', selection })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}

/** After an undo: the list of users. */
export function useRefreshUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: usersKeys.all });
}
