import {
  REALTIME_PATH,
  SOCKET,
  ZAdminHandshake,
  ZCallEvent,
  ZCallSignal,
  ZCallUpdate,
  ZChatEvent,
  ZChatMessage,
  ZDeviceHandshake,
  ZKioskSections,
  ZKioskAvatarChanged,
  ZLocationsChanged,
  ZKioskBanners,
  ZKioskIdleScreen,
  ZKioskEvent,
  ZEventRunEvent,
  ZRunControl,
  ZPushAck,
  ZPushEvent,
  ZPushMessage,
  ZSubscribeMessage,
} from '@ambassador/contracts';
import { z } from 'zod';

type Direction = 'to server' | 'to console' | 'to device' | 'both ways';

interface SocketEvent {
  name: string;
  direction: Direction;
  summary: string;
  payload: z.ZodType;
}

/** Every socket.io event, with the contract of its payload: the realtime half of the API. */
export const SOCKET_EVENTS: SocketEvent[] = [
  {
    name: SOCKET.subscribe,
    direction: 'to server',
    summary: 'The console subscribes after connecting; acknowledged with `{ok}`',
    payload: ZSubscribeMessage,
  },
  {
    name: SOCKET.event,
    direction: 'to console',
    summary: 'A live event: `new_call`, `refresh_call`, `chat_message`, `refresh_push` or `event_run`',
    payload: z.union([ZCallEvent, ZChatEvent, ZPushEvent, ZEventRunEvent]),
  },
  {
    name: SOCKET.chatMessage,
    direction: 'to device',
    summary: 'An operator wrote to the visitor',
    payload: ZChatMessage,
  },
  {
    name: SOCKET.callUpdate,
    direction: 'to device',
    summary: 'The call was answered, ended or missed',
    payload: ZCallUpdate,
  },
  {
    name: SOCKET.callSignal,
    direction: 'both ways',
    summary:
      'WebRTC offer, answer and ICE candidates, relayed between the kiosk and the operator who answered',
    payload: ZCallSignal,
  },
  { name: SOCKET.push, direction: 'to device', summary: 'A push message to show', payload: ZPushMessage },
  {
    name: SOCKET.pushAck,
    direction: 'to server',
    summary: 'The push is on screen',
    payload: ZPushAck,
  },
  {
    name: SOCKET.interfaceSections,
    direction: 'to device',
    summary: 'The device’s interface sections after an operator saved them: section → component → on',
    payload: ZKioskSections,
  },
  {
    name: SOCKET.interfaceCarousel,
    direction: 'to device',
    summary: 'The device’s carousel banners in schedule, in order, after an operator changed them',
    payload: ZKioskBanners,
  },
  {
    name: SOCKET.interfaceIdleScreen,
    direction: 'to device',
    summary:
      'What the device’s idle loop plays after an operator changed it: the selected media type’s items in order, and the idle timeout',
    payload: ZKioskIdleScreen,
  },
  {
    name: SOCKET.interfaceAvatar,
    direction: 'to device',
    summary:
      'The device’s avatar in use changed, was renamed or deleted: `{avatar}` with a fresh player address, or null (none in use)',
    payload: ZKioskAvatarChanged,
  },
  {
    name: SOCKET.locationMap,
    direction: 'to device',
    summary:
      'The device’s locations, maps or own position changed: a location answer on screen reads itself again (GET /device_api/v1/locations/{id})',
    payload: ZLocationsChanged,
  },
  {
    name: SOCKET.eventActive,
    direction: 'to device',
    summary:
      'What the device plays as its event after its current event, or a quiz it plays, changed, ended or was deleted: the current event resolved (complete languages only, quizzes inside), or null',
    payload: ZKioskEvent.nullable(),
  },
  {
    name: SOCKET.eventControl,
    direction: 'to device',
    summary:
      'An operator skips the current activity of a run (`skip`) or stops the run (`stop`); kiosks act only on their own run',
    payload: ZRunControl,
  },
];

const jsonSchema = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output', unrepresentable: 'any' });

/** The same events as a section of the HTTP reference's introduction. */
export const SOCKET_EVENTS_MARKDOWN = [
  `## Realtime (socket.io at \`${REALTIME_PATH}\`)`,
  '',
  'Consoles connect with `auth: {token, project_id, client_id, username}`, devices with `auth: {device_key}`;',
  'a refused handshake fails with `connect_error` (`unauthorized` or `forbidden`). The payload schemas are in',
  '[`/asyncapi.json`](/asyncapi.json) (AsyncAPI 3.0).',
  '',
  '| event | direction | what it carries |',
  '|---|---|---|',
  ...SOCKET_EVENTS.map((e) => `| \`${e.name}\` | ${e.direction} | ${e.summary} |`),
].join('\n');

/** AsyncAPI 3.0: one channel per event, the handshakes as its security. */
export function asyncApiDocument(version: string) {
  const channels: Record<string, unknown> = {};
  const operations: Record<string, unknown> = {};
  const messages: Record<string, unknown> = {};
  for (const event of SOCKET_EVENTS) {
    const id = event.name.replace(/[^A-Za-z0-9]/g, '_');
    messages[id] = { name: event.name, summary: event.summary, payload: jsonSchema(event.payload) };
    channels[id] = { address: event.name, messages: { [id]: { $ref: `#/components/messages/${id}` } } };
    // "send" is what the server sends; "receive" what it takes in.
    const actions =
      event.direction === 'both ways'
        ? ['send', 'receive']
        : [event.direction === 'to server' ? 'receive' : 'send'];
    for (const action of actions) {
      operations[`${action}_${id}`] = {
        action,
        channel: { $ref: `#/channels/${id}` },
        summary: `${event.summary} (${event.direction})`,
      };
    }
  }
  return {
    asyncapi: '3.0.0',
    info: { title: 'Ambassador Console realtime', version },
    defaultContentType: 'application/json',
    servers: { realtime: { host: 'localhost', protocol: 'ws', pathname: REALTIME_PATH } },
    channels,
    operations,
    components: {
      messages,
      schemas: { AdminHandshake: jsonSchema(ZAdminHandshake), DeviceHandshake: jsonSchema(ZDeviceHandshake) },
    },
  };
}
