import type { AuthContext } from '../modules/auth/index.js';
import type { DeviceContext } from '../modules/devices/index.js';

/** Pages whose operators hear live events (calls, chats, pushes, event runs). */
export const LIVE_PAGES = ['/live_video', '/chat', '/message', '/event'] as const;
export type LivePage = (typeof LIVE_PAGES)[number];

/** A console `event` message: a name (such as `new_call`) and its fields. */
export type LiveEvent = { name: string } & Record<string, unknown>;

/**
 * What services may send over the realtime service. With the Redis adapter every call reaches
 * the sockets on every instance; without it, this instance's.
 */
export interface Notifier {
  /**
   * An `event` message to every console signed in to the project; with `page`, only to those
   * whose user may open that page (chat messages are for Live Chat's users, not every operator).
   */
  toProject(projectId: number, event: LiveEvent, page?: LivePage): void;
  /** A message to every socket of a device (its kiosk). */
  toDevice(deviceId: number, name: string, payload: unknown): void;
  /** A message to one console tab of the project, by its realtime client id. */
  toClient(projectId: number, clientId: string, name: string, payload: unknown): void;
  /** Whether any socket of the device is connected, on any instance. */
  deviceOnline(deviceId: number): Promise<boolean>;
}

/** An admin socket's caller: the session's context plus the tab's client id. */
export type AdminSocketContext = AuthContext & { clientId: string };

/** Optional reply to a socket message (socket.io acknowledgement). */
export type Ack = (answer: unknown) => void;

/**
 * Hooks other modules register to act on sockets: messages from devices and consoles, and device
 * connects/disconnects (on the instance that holds the socket).
 */
export interface RealtimeHooks {
  /** The handler's result (or its error) is the reply, when the client asked for one. */
  onDeviceMessage(name: string, handler: (device: DeviceContext, payload: unknown) => unknown): void;
  onAdminMessage(name: string, handler: (admin: AdminSocketContext, payload: unknown) => unknown): void;
  /** A console tab connected (or reconnected): what it missed while away can be sent to it. */
  onAdminConnect(handler: (admin: AdminSocketContext) => unknown): void;
  onDeviceConnect(handler: (device: DeviceContext) => unknown): void;
  onDeviceDisconnect(handler: (device: DeviceContext) => unknown): void;
}

/** A notifier that sends nothing: for services used where no realtime server runs (CLI tools). */
export const silentNotifier: Notifier = {
  toProject: () => undefined,
  toDevice: () => undefined,
  toClient: () => undefined,
  deviceOnline: async () => false,
};
