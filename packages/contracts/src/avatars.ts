import { z } from 'zod';
import { AVATAR_GESTURES, AVATAR_IDLE_MOTIONS, ZAvatarMotion } from './ai.js';
import { ZId } from './common.js';
import { ZLanguage } from './access-schemas.js';
import { rule } from './rules.js';

/**
 * Virtual avatars (Interface Settings → Virtual Avatar). An avatar is made from one portrait
 * photo: the photo is uploaded through the media pipeline and its face checked
 * (`POST /virtual_avatar/video_avatar/generate`), then the avatar is created
 * (`POST /virtual_avatar/video_avatar`) and produced by a background job. The result plays in
 * the avatar player (`/avatar-player/`) as a deformable mesh over the photo: five tap-body
 * gestures, three idle motions and lip sync. One avatar per device is in use.
 */

/** The only kind this server makes: a photo turned into an animated (video-like) avatar. */
export const VIRTUAL_AVATAR_TYPE = 'video_avatar' as const;
/** Avatars a device keeps (each is a photo and its model, a few hundred KB). */
export const AVATAR_MAX_PER_DEVICE = 10;
export const AVATAR_NAME_MAX = 50;
/** A portrait: a JPEG, PNG or WebP photo. GIF (an animation, or a drawing) and HEIC are refused. */
export const AVATAR_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Player `scale`: how large the avatar is drawn in its frame. */
export const AVATAR_SCALE = { min: 0.5, max: 2, default: 1 } as const;
/** Minutes a player token loads its model for (the frame is opened with it at once). */
export const AVATAR_TOKEN_MINUTES = 15;

export const AVATAR_STATUSES = ['queued', 'producing', 'ready', 'failed'] as const;
export const ZAvatarStatus = z.enum(AVATAR_STATUSES);
export type AvatarStatus = z.infer<typeof ZAvatarStatus>;

export const ZAvatarName = z
  .string({ error: rule('avatar_name_required') })
  .trim()
  .min(1, rule('avatar_name_required'))
  .max(AVATAR_NAME_MAX, rule('maximum_characters', { max: AVATAR_NAME_MAX }));

/** A point in the photo's pixels. */
export const ZPoint = z.tuple([z.number(), z.number()]);
export type Point = z.infer<typeof ZPoint>;

/** What the face check found in a portrait (and what the model is built on). */
export const ZFaceCheck = z.object({
  /** The face's box in the photo's pixels. */
  box: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }),
  /** The detector's confidence, 0–1. */
  score: z.number(),
  /** The 68 facial landmarks (iBUG 300-W order: jaw 0–16, brows 17–26, nose 27–35, eyes 36–47, mouth 48–67). */
  landmarks: z.array(ZPoint).length(68),
  /** The face's share of the photo's height, 0–1. */
  face_height: z.number(),
  /** Mean luminance of the face, 0–255. */
  brightness: z.number(),
  /** Estimated head turn (left/right) and roll, in degrees. */
  yaw: z.number(),
  roll: z.number(),
});
export type FaceCheck = z.infer<typeof ZFaceCheck>;

/** POST /virtual_avatar/video_avatar/generate (multipart: `device_id`, then `file`): a checked portrait. */
export const ZAvatarPhoto = z.object({
  /** The photo's media id: send it as `image_id` to create the avatar. */
  image_id: z.number().int(),
  url: z.string(),
  thumb_url: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
  face: ZFaceCheck,
});
export type AvatarPhoto = z.infer<typeof ZAvatarPhoto>;

export const ZAvatarMotions = z.object({
  action_gesture: z.array(ZAvatarMotion),
  idle_motion: z.array(ZAvatarMotion),
  lip_sync_animation: z.boolean(),
});

/** A virtual avatar: one of a device's avatars and its production. */
export const ZAvatar = z.object({
  id: z.number().int(),
  avatar_id: z.number().int(),
  name: z.string(),
  avatar_name: z.string(),
  is_in_use: z.boolean(),
  virtual_avatar_type: z.literal(VIRTUAL_AVATAR_TYPE),
  status: ZAvatarStatus,
  /** Production progress, 0–100. */
  progress: z.number().int(),
  /**
   * Queued or producing, but its production was interrupted (the server making it stopped, or an
   * attempt did not finish): it resumes by itself within seconds or at its next attempt.
   */
  interrupted: z.boolean(),
  /** Seconds production is expected to take still (from the recent productions), null when not producing. */
  eta_seconds: z.number().int().nullable(),
  /** Why production failed (a face refusal, or `production_failed`) and what to do. */
  failure: z.string().nullable(),
  failure_message: z.string().nullable(),
  /** The portrait it is made from. */
  image_id: z.number().int(),
  photo_url: z.string(),
  thumb_url: z.string().nullable(),
  /** The produced portrait (cropped head and shoulders), shown where the player cannot run. */
  still_url: z.string().nullable(),
  motions: ZAvatarMotions,
  created_at: z.string(),
  produced_at: z.string().nullable(),
  production_ms: z.number().int().nullable(),
});
export type Avatar = z.infer<typeof ZAvatar>;

/** GET /virtual_avatar/type */
export const ZAvatarType = z.object({
  virtual_avatar_type: z.literal(VIRTUAL_AVATAR_TYPE),
  max_avatars: z.number().int(),
  /** Seconds a production takes now (the median of the recent ones). */
  production_seconds: z.number().int(),
});

export const ZAvatarListQuery = z.object({ device_id: ZId });
/** POST /virtual_avatar/video_avatar */
export const ZCreateAvatarRequest = z.object({ device_id: ZId, image_id: ZId, name: ZAvatarName });
/** PUT /virtual_avatar/video_avatar: a new name, or in use (true) / not (false). */
export const ZUpdateAvatarRequest = z
  .object({
    device_id: ZId,
    avatar_id: ZId,
    name: ZAvatarName.optional(),
    is_in_use: z.boolean().optional(),
  })
  .refine((b) => b.name !== undefined || b.is_in_use !== undefined, {
    message: rule('avatar_change_required'),
    path: ['name'],
  });
export const ZDeleteAvatarRequest = z.object({ device_id: ZId, avatar_id: ZId });
export const ZAvatarUploadQuery = z.object({ device_id: ZId.optional() });

// ---------------------------------------------------------------- the player and the motion preview

/** A motion file the player plays (keyframes), by its name. */
export const ZMotionFile = z.object({ id: ZAvatarMotion, url: z.string() });
/** A sentence the motion browser's lip-sync list speaks, with its audio. */
export const ZSpokenSentence = z.object({
  id: z.string(),
  text: z.string(),
  language: ZLanguage,
  url: z.string(),
});
export type SpokenSentence = z.infer<typeof ZSpokenSentence>;

/** GET /ai_config/intents/avatar_motion/preview?device_id=&intent_id=&avatar_id= (motion model info). */
export const ZAvatarMotionPreviewQuery = z.object({
  device_id: ZId,
  /** The topic whose motion to preview. */
  intent_id: ZId.optional(),
  /** The avatar to preview; default the device's avatar in use. */
  avatar_id: ZId.optional(),
  scale: z.coerce.number().min(AVATAR_SCALE.min).max(AVATAR_SCALE.max).optional(),
});
export const ZAvatarMotionPreview = z.object({
  /** The avatar previewed; null when the device has no ready avatar. */
  model_id: z.number().int().nullable(),
  avatar_name: z.string().nullable(),
  /** The player page for a frame: `/avatar-player/?model_id=&token=&scale=` (the token is short-lived). */
  player_url: z.string().nullable(),
  still_url: z.string().nullable(),
  /** The topic's motion, when a topic was named. */
  motion: ZAvatarMotion.nullable(),
  tap_body_motions: z.array(ZMotionFile),
  idle_motions: z.array(ZMotionFile),
  sentences: z.array(ZSpokenSentence),
});
export type AvatarMotionPreview = z.infer<typeof ZAvatarMotionPreview>;

/** GET /avatar-player/api/model?model_id=&token=: what the player draws. */
export const ZAvatarModelQuery = z.object({ model_id: ZId, token: z.string().min(16).max(100) });
export const ZAvatarModel = z.object({
  model_id: z.number().int(),
  name: z.string(),
  /** The produced portrait (the mesh's texture) and its size in pixels. */
  texture_url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** The 68 landmarks in the texture's pixels. */
  landmarks: z.array(ZPoint).length(68),
  /** Colours sampled from the photo: skin (eyelids), lips, mouth inside. */
  colors: z.object({ skin: z.string(), lip: z.string(), mouth: z.string() }),
  tap_body_motions: z.array(ZMotionFile),
  idle_motions: z.array(ZMotionFile),
});
export type AvatarModel = z.infer<typeof ZAvatarModel>;
export const ZAvatarSpeechQuery = ZAvatarModelQuery.extend({ sentence: z.string().min(1).max(40) });

/** What a kiosk shows (device config `avatar`, GET /device_api/v1/avatar, live by `interface:avatar`). */
export const ZKioskAvatar = z.object({
  avatar_id: z.number().int(),
  name: z.string(),
  /** The player page with a fresh token; a kiosk asks again (GET /avatar) to reload the frame later. */
  player_url: z.string(),
  still_url: z.string(),
});
export type KioskAvatar = z.infer<typeof ZKioskAvatar>;
/** `interface:avatar`: the device's avatar in use changed (null: none, or it was deleted). */
export const ZKioskAvatarChanged = z.object({ avatar: ZKioskAvatar.nullable() });
export type KioskAvatarChanged = z.infer<typeof ZKioskAvatarChanged>;

export const GESTURE_FILES = AVATAR_GESTURES;
export const IDLE_FILES = AVATAR_IDLE_MOTIONS;

/** Where the player page and its motion files are served. */
export const AVATAR_PLAYER_PATH = '/avatar-player/';
export const motionFileUrl = (id: string) => `${AVATAR_PLAYER_PATH}motions/${id}.json`;

/**
 * Messages between a page and the player in its frame (`postMessage`). The page sends commands; the
 * player answers `ready` once its first frame is drawn (or its still fallback shown), `state` as it
 * plays, `tap` when a visitor tapped the body (it plays a gesture itself), and `ended` when speech ends.
 */
export type PlayerCommand =
  | { type: 'avatar:play'; motion: string }
  | { type: 'avatar:speak'; audio?: ArrayBuffer; url?: string; text?: string; motion?: string | null }
  | { type: 'avatar:stop' }
  | { type: 'avatar:listen'; on: boolean }
  | { type: 'avatar:reset' };
export interface PlayerState {
  ready: boolean;
  renderer: 'webgl' | 'still' | 'loading' | 'error';
  /** The gesture playing, or null while idling. */
  motion: string | null;
  idles: string[];
  /** 0 (closed) to 1 (wide open). */
  mouth: number;
  speaking: boolean;
  listening: boolean;
  caption: string;
  frames: number;
  /** Milliseconds from the page's start to the first drawn frame. */
  first_frame_ms: number | null;
  /** The player's own work per frame (rig, mesh, overlays), milliseconds, averaged. */
  work_ms: number;
  /** Seconds into the speech now playing (the audio clock), and the mouth track's value there. */
  audio_time: number | null;
  error: string | null;
}
export type PlayerEvent =
  | { type: 'avatar:ready'; state: PlayerState }
  | { type: 'avatar:state'; state: PlayerState }
  | { type: 'avatar:tap'; motion: string }
  | { type: 'avatar:ended' }
  | { type: 'avatar:error'; error: string };
