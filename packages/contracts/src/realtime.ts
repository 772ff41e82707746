/**
 * The realtime service (socket.io at `/realtime`). Both clients authenticate in the
 * handshake's `auth` object, never in the URL:
 * - the console: `{ token, project_id, client_id, username }` (an admin access token);
 * - a device: `{ device_key }`.
 * A bad token or key fails the connection with `connect_error` and one of REALTIME_ERRORS.
 * An admin socket joins its project's room, a device socket its device's room. A revoked admin
 * session, a rotated or revoked device key, or a deleted user disconnects at once.
 */
export { ADMIN_PANEL_PROJECT, REALTIME_ERRORS, REALTIME_PATH, SOCKET } from './names.js';

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
