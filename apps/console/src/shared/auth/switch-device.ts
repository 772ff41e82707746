import type { QueryClient } from '@tanstack/react-query';
import { authStore } from './auth-store';

/**
 * Selects another device for every screen: what is loading for the previous one stops, and nothing
 * of it may show for the new one. Where to go next is the caller's choice.
 */
export async function switchDevice(queryClient: QueryClient, deviceId: number): Promise<void> {
  if (authStore.get().selected_device === deviceId) return;
  await queryClient.cancelQueries();
  authStore.update({ selected_device: deviceId });
  queryClient.removeQueries({ type: 'inactive' });
  void queryClient.invalidateQueries();
}
