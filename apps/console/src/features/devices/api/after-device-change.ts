import type { QueryClient } from '@tanstack/react-query';
import { getDevices } from '@/shared/auth/get-devices';
import { authStore } from '@/shared/auth/auth-store';
import { devicesKeys } from './devices-keys';

/**
 * The shell's device selector reads `device_list` from the auth store, filled at sign-in: reload it
 * so a new or renamed device shows there at once. A failure here is not the action's failure (the
 * device was saved), so it is swallowed; the next sign-in loads the list again.
 */
export async function syncDeviceList(): Promise<void> {
  const auth = authStore.get();
  const projectId = auth.user_info?.project_id ?? auth.auth_project_id;
  if (projectId === null) return;
  try {
    const devices = await getDevices(projectId);
    // Signed out (or into another project) while the call ran: leave that session alone.
    const now = authStore.get();
    if (now.access_token !== auth.access_token) return;
    const selected = devices.some((d) => d.id === now.selected_device)
      ? now.selected_device
      : (devices[0]?.id ?? null);
    authStore.update({ device_list: devices, selected_device: selected });
  } catch {
    // Keep the list the selector has.
  }
}

/** After any device change: the Devices table and the shell's selector both refresh. */
export async function afterDeviceChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([queryClient.invalidateQueries({ queryKey: devicesKeys.all }), syncDeviceList()]);
}
