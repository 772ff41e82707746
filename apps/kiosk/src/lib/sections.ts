import type { DeviceConfig } from '@ambassador/contracts';

/**
 * Whether a component of the kiosk's screens is on (Interface Settings, per device). What the
 * config does not mention is on: an older server sends no sections, and kiosks showed everything.
 */
export function isShown(
  sections: DeviceConfig['sections'] | undefined,
  section: string,
  component: string,
): boolean {
  return sections?.[section]?.[component] !== false;
}

/** The ways to reach staff this kiosk offers: the chat if on; a call if on and the device can call. */
export function staffOptions(
  device: DeviceConfig['device'],
  sections: DeviceConfig['sections'],
): { chat: boolean; call: boolean } {
  return {
    chat: isShown(sections, 'staff', 'chat_with_staff'),
    // Video calls are for ambassador devices (with a camera); a chatbot offers the chat only.
    call: device.kind === 'ambassador' && isShown(sections, 'staff', 'call_staff'),
  };
}
