/**
 * The names both sides of a wire agree on — paths, headers, socket events, limits the kiosk checks as
 * a visitor types — with no dependency, so a client takes them (`@ambassador/contracts/names`)
 * without loading the schemas (zod) the rest of the contracts build as they load. Each is also
 * exported from the package's main entry, where it always was.
 */

/** The device API's prefix (`/device_api/v1`). */
export const DEVICE_API_PREFIX = '/device_api/v1';
/** Device keys start with this, so a leaked one is recognisable in logs and scanners. */
export const DEVICE_KEY_PREFIX = 'dk_';
/** A retried ask with the same key is answered again but logged once. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** The longest chat message, either side. */
export const CHAT_MESSAGE_MAX = 2000;
/** A chat's satisfaction answer: 1 (not at all) to this (very). */
export const CHAT_RATING_MAX = 5;
/** A visitor's name and mobile number as a staff chat asks for them. */
export const CHAT_NAME_MAX = 100;
export const CHAT_MOBILE_MAX = 30;
export const CHAT_MOBILE_PATTERN = /^[0-9+\-() ]*$/;

export const REALTIME_PATH = '/realtime';
/** The console subscribes with a fixed admin-panel project identifier (older consoles send it too). */
export const ADMIN_PANEL_PROJECT = 'admin_panel';

export const REALTIME_ERRORS = {
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  /** A socket of this key or session was just closed for flooding: try again after a while. */
  tooManyRequests: 'too_many_requests',
} as const;

/**
 * Socket event names. Server → console messages all arrive as `event` with a `name`;
 * the console handles the names it knows and only logs the rest.
 */
export const SOCKET = {
  /** console → server: the subscription after connecting. */
  subscribe: 'subscribe',
  /** server → console: `LiveEvent`. */
  event: 'event',
  /** server → device: `ChatMessage` from an operator. */
  chatMessage: 'chat:message',
  /** server → device: `ChatEndedMessage`, an operator ended the visitor's chat. */
  chatEnded: 'chat:ended',
  /** server → device: `ChatStaffMessage`, whether any operator of the project is Available. */
  chatStaff: 'chat:staff',
  /** server → device: `CallUpdate` (answered, ended, missed). */
  callUpdate: 'call:update',
  /** both ways: WebRTC signalling for a call, `CallSignal`, relayed by the server. */
  callSignal: 'call:signal',
  /** server → device: `PushMessage`; the device answers with `pushAck`. */
  push: 'push:message',
  /** device → server: `{ push_id }` once a push is on screen. */
  pushAck: 'push:ack',
  /** server → device: `KioskSections`, the device's interface sections after an operator saved them. */
  interfaceSections: 'interface:sections',
  /** server → device: `KioskBanner[]`, the device's carousel banners in schedule after a change. */
  interfaceCarousel: 'interface:carousel',
  /** server → device: `KioskIdleScreen`, what the device's idle loop plays after a change. */
  interfaceIdleScreen: 'interface:idle_screen',
  /** server → device: `DirectoryChanged`, the device's directory changed: read it again. */
  interfaceDirectory: 'interface:directory',
  /** server → device: `KioskAvatarChanged`, the device's avatar in use changed (or was deleted). */
  interfaceAvatar: 'interface:avatar',
  /** server → device: `LocationsChanged`, the device's locations, maps or own position changed. */
  locationMap: 'location_map:changed',
  /** server → device: `KioskEvent | null`, the device's current event after any change to it or its quizzes. */
  eventActive: 'event:active',
  /** server → device: `RunControl`, an operator skips the run's activity or stops the run. */
  eventControl: 'event:control',
} as const;

/**
 * The parts of a device's configuration (`DeviceConfig`) that change while a kiosk shows them: the
 * configuration's key, and the socket event that brings the part's new value. The server gathers
 * each part from the area that owns it; the kiosk reads one with `useKioskPart(key)`.
 */
export const KIOSK_PARTS = {
  sections: SOCKET.interfaceSections,
  carousel: SOCKET.interfaceCarousel,
  idle_screen: SOCKET.interfaceIdleScreen,
  event: SOCKET.eventActive,
  /** Its event's payload is `{ avatar }` (`KioskAvatarChanged`). */
  avatar: SOCKET.interfaceAvatar,
} as const;
export type KioskPartKey = keyof typeof KIOSK_PARTS;
