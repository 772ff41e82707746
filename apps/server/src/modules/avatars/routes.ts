import {
  AVATAR_MAX_PER_DEVICE,
  AVATAR_PHOTO_TYPES,
  IMAGE_UPLOAD_MAX_BYTES,
  canOpen,
  ZAvatar,
  ZAvatarListQuery,
  ZAvatarMotionPreview,
  ZAvatarMotionPreviewQuery,
  ZAvatarPhoto,
  ZAvatarType,
  ZCreateAvatarRequest,
  ZDeleteAvatarRequest,
  ZKioskAvatar,
  ZOk,
  ZOkEmpty,
  ZUpdateAvatarRequest,
} from '@ambassador/contracts';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { contractApp, ok, type ContractApp } from '../../lib/contract.js';
import { forbidden } from '../../lib/errors.js';
import { singleFile } from '../../media/uploads.js';
import { deviceOf } from '../../plugins/device-auth.js';
import { authOf, deviceIdOf, pinned } from '../../plugins/guard.js';
import type { AvatarsService } from './service.js';

/** Avatars live on Interface Settings → Virtual Avatar. */
const AVATAR_PAGE = { access: { page: '/interface' } } as const;
const tags = ['Virtual avatars'];
const MB = 1024 * 1024;

/** A topic's avatar motion (404 when the topic is not the device's). */
type TopicMotion = (deviceId: number, intentId: number) => Promise<string | null>;

/** Virtual avatars. Thin: the contract and the guard check, the service acts. */
export function avatarRoutes(
  parent: FastifyInstance,
  {
    avatars,
    topicMotion,
  }: {
    avatars: AvatarsService;
    topicMotion: TopicMotion;
  },
) {
  const app = contractApp(parent);
  avatarLibraryRoutes(app, avatars);
  motionPreviewRoutes(app, avatars, topicMotion);
}

/** The device’s avatars: the kind this server makes, the list, checking a photo, making, changing and deleting one. */
function avatarLibraryRoutes(app: ContractApp, avatars: AvatarsService) {
  app.get(
    '/virtual_avatar/type',
    {
      config: AVATAR_PAGE,
      schema: {
        tags,
        summary: 'The kind of avatar this server makes, how many a device keeps, and how long one takes',
        querystring: ZAvatarListQuery.partial(),
        response: { 200: ZOk(ZAvatarType) },
      },
    },
    async (req) => ok(await avatars.type(authOf(req).projectId)),
  );

  app.get(
    '/virtual_avatar/video_avatar',
    {
      config: AVATAR_PAGE,
      schema: {
        tags,
        summary: 'The device’s avatars, oldest first, with their production status and estimate',
        querystring: ZAvatarListQuery,
        response: { 200: ZOk(z.array(ZAvatar)) },
      },
    },
    async (req) => ok(await avatars.list(authOf(req).projectId, deviceIdOf(req))),
  );

  app.post(
    '/virtual_avatar/video_avatar/generate',
    {
      config: { ...AVATAR_PAGE, upload: true },
      schema: {
        tags,
        summary: 'Upload a portrait and check its face (multipart, field `file`)',
        description: `A ${AVATAR_PHOTO_TYPES.join(', ')} photo by its content, up to ${IMAGE_UPLOAD_MAX_BYTES / MB} MB and the media pipeline's pixel limit (\`image_too_many_pixels\`); HEIC and GIF are \`unsupported_type\`. The face must be one (\`no_face\`, \`several_faces\`), large enough (\`face_too_small\`), lit enough (\`face_too_dark\`), frontal (\`face_not_frontal\`) and photographed (\`face_cartoon\`); each refusal says how to retake the photo. Answers the photo's \`image_id\` for POST /virtual_avatar/video_avatar, and the face found.`,
        querystring: ZAvatarListQuery,
        response: { 200: ZOk(ZAvatarPhoto) },
      },
    },
    async (req) => {
      deviceIdOf(req);
      const upload = await singleFile(req, IMAGE_UPLOAD_MAX_BYTES);
      const photo = await avatars.checkPhoto(authOf(req), { stream: upload.file, filename: upload.filename });
      return ok(photo, { message: 'The face in this photo can be animated.' });
    },
  );

  app.post(
    '/virtual_avatar/video_avatar',
    {
      config: AVATAR_PAGE,
      schema: {
        tags,
        summary: 'Make an avatar from a checked photo: queued, then produced in the background',
        description: `\`image_id\` from /virtual_avatar/video_avatar/generate. Production runs as a background job; \`avatar\` live events tell its progress. At most ${AVATAR_MAX_PER_DEVICE} avatars a device (\`too_many_avatars\`).`,
        body: ZCreateAvatarRequest,
        response: { 200: ZOk(ZAvatar) },
      },
    },
    async (req) => {
      const { device_id, image_id, name } = pinned(req, req.body);
      return ok(await avatars.create(authOf(req), device_id, image_id, name), {
        message: 'The avatar is being made.',
      });
    },
  );

  app.put(
    '/virtual_avatar/video_avatar',
    {
      config: AVATAR_PAGE,
      schema: {
        tags,
        summary: 'Rename an avatar, or put it in use (one per device) or out of use',
        description:
          'Putting one in use takes the device’s other avatar out of use; its kiosks change at once. `avatar_not_ready` (409) while it is being made.',
        body: ZUpdateAvatarRequest,
        response: { 200: ZOk(ZAvatar) },
      },
    },
    async (req) => {
      const { device_id, avatar_id, name, is_in_use } = pinned(req, req.body);
      let avatar = name !== undefined ? await avatars.rename(device_id, avatar_id, name) : undefined;
      if (is_in_use !== undefined) avatar = await avatars.setInUse(device_id, avatar_id, is_in_use);
      return ok(avatar!, {
        message:
          is_in_use === undefined
            ? 'Avatar renamed.'
            : is_in_use
              ? 'Avatar in use.'
              : 'Avatar no longer in use.',
      });
    },
  );

  app.delete(
    '/virtual_avatar/video_avatar',
    {
      config: AVATAR_PAGE,
      schema: {
        tags,
        summary: 'Delete an avatar for good (it cannot be undone)',
        description:
          'Deleting the avatar in use leaves the device without one: its kiosks show no avatar at once.',
        body: ZDeleteAvatarRequest,
        response: { 200: ZOkEmpty },
      },
    },
    async (req) => {
      const { device_id, avatar_id } = pinned(req, req.body);
      await avatars.remove(device_id, avatar_id);
      return ok(null, { message: 'Avatar deleted.' });
    },
  );
}

/** Playing motions on an avatar, from a topic page or the motion browser. */
function motionPreviewRoutes(app: ContractApp, avatars: AvatarsService, topicMotion: TopicMotion) {
  app.get(
    '/ai_config/intents/avatar_motion/preview',
    {
      config: { access: { page: '/interface', pageCheckedByService: true } },
      schema: {
        tags,
        summary:
          'Play motions on an avatar: the player’s address (short-lived token), its motions and spoken sentences',
        description:
          'From a topic page (`intent_id` names the topic; its motion is in `motion`) or the motion browser (`avatar_id`; default the avatar in use). `model_id` is null when the device has no ready avatar. Needs the A.I. or the Interface page.',
        querystring: ZAvatarMotionPreviewQuery,
        response: { 200: ZOk(ZAvatarMotionPreview) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      if (!canOpen(auth.pageAccess, '/ai') && !canOpen(auth.pageAccess, '/interface')) {
        throw forbidden('Your role does not have access to this page.');
      }
      const deviceId = deviceIdOf(req);
      return ok(
        await avatars.preview(deviceId, {
          avatarId: req.query.avatar_id,
          motion: req.query.intent_id === undefined ? null : await topicMotion(deviceId, req.query.intent_id),
          scale: req.query.scale,
        }),
      );
    },
  );
}

/** The kiosk's avatar (device API): the one in use, with a fresh player address. */
export function avatarDeviceRoutes(parent: FastifyInstance, { avatars }: { avatars: AvatarsService }) {
  const app = contractApp(parent);
  app.get(
    '/avatar',
    {
      schema: {
        tags: ['Device API'],
        summary: 'The device’s avatar in use, with a fresh player address (null: none)',
        response: { 200: ZOk(ZKioskAvatar.nullable()) },
      },
    },
    async (req) => ok(await avatars.kioskAvatar(deviceOf(req).id)),
  );
}
