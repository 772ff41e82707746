import {
  IDLE_IMAGE_DURATION,
  IDLE_MAX_IMAGES,
  IDLE_MAX_VIDEOS,
  IDLE_TIMEOUT,
  SOCKET,
  type IdleImage,
  type IdleMediaType,
  type IdleScreen,
  type IdleVideo,
  type KioskIdleScreen,
  type ZUpdateIdleScreenRequest,
} from '@ambassador/contracts';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { failedRule } from '../../lib/validate.js';
import type { MediaStore } from '../../media/store.js';
import { mediaUrl, mediaUrls } from '../../media/urls.js';
import type { Notifier } from '../../realtime/types.js';
import type { IdleItemRow, IdleScreenRepo } from './idle-screen-repo.js';
import {
  IMAGE_KIND,
  VIDEO_KIND,
  namesExactly,
  saveBatch,
  type BatchKind,
  type IncomingFile,
} from '../../media/batch.js';

const KINDS: Record<IdleMediaType, { batch: BatchKind; max: number; plural: string }> = {
  image: { batch: IMAGE_KIND, max: IDLE_MAX_IMAGES, plural: 'images' },
  video: { batch: VIDEO_KIND, max: IDLE_MAX_VIDEOS, plural: 'videos' },
};

const urlsOf = (r: IdleItemRow) =>
  mediaUrls({ filename: r.filename, kind: r.mediaKind, variants: r.variants });

const toImage = (r: IdleItemRow): IdleImage => ({
  image_id: r.id,
  url: mediaUrl(r.filename),
  thumb_url: urlsOf(r).thumb_url ?? mediaUrl(r.filename),
  original_name: r.originalName,
  mime: r.mime,
  size: r.size,
  position: r.position,
  duration: r.durationS ?? IDLE_IMAGE_DURATION.default,
});

const toVideo = (r: IdleItemRow): IdleVideo => ({
  video_id: r.id,
  url: mediaUrl(r.filename),
  poster_url: urlsOf(r).poster_url,
  original_name: r.originalName,
  mime: r.mime,
  size: r.size,
  position: r.position,
});

const listChanged = () =>
  conflict(
    'The idle screen’s images or videos changed since they were loaded (someone added or deleted one). Reload and try again.',
    'idle_list_changed',
  );

/**
 * The idle screen (Interface Settings → idle screen), per device: images with their durations,
 * videos, which of the two plays, and the seconds without a touch before it does. Routes reach this
 * with a device the guard has checked is the caller's project's. Every change is sent at once to
 * the device's kiosks as what their idle loop plays, so they change without a reload.
 */
export function createIdleScreenService({
  repo,
  media,
  notifier,
  clock,
}: {
  repo: IdleScreenRepo;
  media: MediaStore;
  notifier: Notifier;
  clock: Clock;
}) {
  async function screen(deviceId: number): Promise<IdleScreen> {
    const [settings, items] = await Promise.all([repo.settings(deviceId), repo.items(deviceId)]);
    return {
      media_type_selected: settings?.mediaType ?? 'image',
      idle_timeout: settings?.idleTimeoutS ?? IDLE_TIMEOUT.default,
      images: items.filter((r) => r.kind === 'image').map(toImage),
      videos: items.filter((r) => r.kind === 'video').map(toVideo),
    };
  }

  /** What the kiosk plays: the selected type's items in order. */
  async function kioskIdleScreen(deviceId: number): Promise<KioskIdleScreen> {
    const settings = await repo.settings(deviceId);
    const type = settings?.mediaType ?? 'image';
    const items = await repo.items(deviceId, type);
    return {
      media_type: type,
      idle_timeout: settings?.idleTimeoutS ?? IDLE_TIMEOUT.default,
      // Images as their web-sized copy; videos as uploaded (they were checked to play in a browser).
      items: items.map((r) => ({
        id: r.id,
        url: r.kind === 'image' ? (urlsOf(r).web_url ?? mediaUrl(r.filename)) : mediaUrl(r.filename),
        duration: r.durationS,
      })),
    };
  }

  const changed = async (deviceId: number) => {
    notifier.toDevice(deviceId, SOCKET.interfaceIdleScreen, await kioskIdleScreen(deviceId));
    return screen(deviceId);
  };

  return {
    screen,
    kioskIdleScreen,

    /** One of the two lists. */
    async list(deviceId: number, type: IdleMediaType): Promise<IdleImage[] | IdleVideo[]> {
      const rows = await repo.items(deviceId, type);
      return type === 'image' ? rows.map(toImage) : rows.map(toVideo);
    },

    /**
     * Stores each file (checked by its bytes against the kind's types and size) and adds them after
     * the device's items of that kind; images start at the default duration. All or nothing: a file
     * refused, or one past the device's cap, undoes the ones stored before it. The media type is
     * asked for when the first file arrives (a form field may have named it by then).
     */
    async upload(
      actor: { projectId: number; userId: number | null },
      deviceId: number,
      mediaType: () => IdleMediaType | undefined,
      files: AsyncIterable<IncomingFile>,
    ) {
      let type: IdleMediaType | undefined;
      const kind = () => {
        type ??= mediaType();
        if (!type) {
          throw new AppError(400, 'validation_error', 'media_type: Required', undefined, [
            failedRule('media_type', 'required'),
          ]);
        }
        return KINDS[type];
      };
      const full = () => {
        const { max, plural } = kind();
        return conflict(
          `A device’s idle screen holds at most ${max} ${plural}. Delete some before adding more.`,
          'too_many_idle_items',
        );
      };
      await saveBatch(media, actor, files, {
        kind: () => kind().batch,
        room: async () => kind().max - (await repo.count(deviceId, type!)),
        full,
        // Checked again as the files are added: two uploads at once must not pass the cap together.
        commit: async (ids) => {
          const { max } = kind();
          const added = await repo.append(deviceId, type!, ids, {
            durationS: type === 'image' ? IDLE_IMAGE_DURATION.default : null,
            max,
          });
          if (!added) throw full();
        },
      });
      return changed(deviceId);
    },

    /**
     * Items from media already uploaded (resumable uploads), after the device's items of that type:
     * each must be the project's, of that kind and within its limit (one used elsewhere already is
     * shared). All or nothing, with the cap checked as they are added.
     */
    async attach(actor: { projectId: number }, deviceId: number, type: IdleMediaType, mediaIds: number[]) {
      const { max, plural } = KINDS[type];
      const full = () =>
        conflict(
          `A device’s idle screen holds at most ${max} ${plural}. Delete some before adding more.`,
          'too_many_idle_items',
        );
      const ids = await media.claim(actor.projectId, mediaIds, { kind: type });
      const added = await repo.append(deviceId, type, ids, {
        durationS: type === 'image' ? IDLE_IMAGE_DURATION.default : null,
        max,
      });
      if (!added) throw full();
      return changed(deviceId);
    },

    /** Which type plays, the idle timeout, both lists in their new order and each image's duration. */
    async update(input: z.output<typeof ZUpdateIdleScreenRequest>) {
      const current = await repo.items(input.device_id);
      const known = (kind: IdleMediaType) => new Set(current.filter((r) => r.kind === kind).map((r) => r.id));
      if (
        !namesExactly(
          input.images.map((x) => x.image_id),
          known('image'),
        ) ||
        !namesExactly(
          input.videos.map((x) => x.video_id),
          known('video'),
        )
      ) {
        throw listChanged();
      }
      await repo.update(
        input.device_id,
        { mediaType: input.media_type_selected, idleTimeoutS: input.idle_timeout },
        input.images.map((x) => ({ id: x.image_id, durationS: x.duration })),
        input.videos.map((x) => ({ id: x.video_id })),
        clock.now(),
      );
      return changed(input.device_id);
    },

    /** Deletes one image or video, and its file unless another use holds it. */
    async remove(deviceId: number, type: IdleMediaType, id: number) {
      const mediaId = await repo.remove(deviceId, type, id);
      if (mediaId === null) {
        throw notFound(`This ${type} is not on this device’s idle screen (it may already be deleted).`);
      }
      await media.discard([mediaId]);
      return changed(deviceId);
    },
  };
}

export type IdleScreenService = ReturnType<typeof createIdleScreenService>;
