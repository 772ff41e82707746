import type { ChatWaitingDevice } from '@ambassador/contracts';

/** Chats waiting for staff on every device together: the Live Chat badge. */
export function waitingTotal(devices: readonly ChatWaitingDevice[]): number {
  return devices.reduce((sum, device) => sum + device.chats, 0);
}

/** The devices other than the selected one with chats waiting, most waiting first. */
export function waitingElsewhere(
  devices: readonly ChatWaitingDevice[],
  selected: number | null,
): ChatWaitingDevice[] {
  return devices
    .filter((device) => device.device_id !== selected && device.chats > 0)
    .sort((a, b) => b.chats - a.chats || a.device_id - b.device_id);
}
