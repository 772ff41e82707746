/**
 * The realtime service (socket.io at `/realtime`). Both clients authenticate in the
 * handshake's `auth` object, never in the URL:
 * - the console: `{ token, project_id, client_id, username }` (an admin access token);
 * - a device: `{ device_key }`.
 * A bad token or key fails the connection with `connect_error` and one of REALTIME_ERRORS.
 * An admin socket joins its project's room, a device socket its device's room. A revoked admin
 * session, a rotated or revoked device key, or a deleted user disconnects at once.
 */
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

/** Names of `event` messages to the console. */
export const LIVE_EVENT = {
  /** A kiosk is calling: show the incoming-call banner. */
  newCall: 'new_call',
  /** A call changed (answered, ended, missed): refresh the call list. */
  refreshCall: 'refresh_call',
  /** A chat message arrived or was sent (either side): refresh that chat. */
  chatMessage: 'chat_message',
  /** A push's delivery status changed: refresh the push history. */
  refreshPush: 'refresh_push',
  /** A kiosk started, moved on in, or ended an event run (`LiveRun` with `device_id`, `ended`): refresh control mode. */
  eventRun: 'event_run',
  /** A scanned document changed status (`{device_id, id, status}`): refresh the document table. */
  mrcDocument: 'mrc_document',
  /** An avatar's production moved on, finished or failed, or it was deleted (`{device_id, id, status, progress}`). */
  avatar: 'avatar',
} as const;
