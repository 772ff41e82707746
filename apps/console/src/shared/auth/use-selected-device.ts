import { useAuth } from './auth-store';

/** The device the console works on (its device_id): the selected device, or null before one exists. */
export type SelectedDeviceId = number | null;

/** The selected device; a device change gives new query keys, so every device's query refetches. */
export function useSelectedDeviceId(): SelectedDeviceId {
  return useAuth().selected_device;
}
