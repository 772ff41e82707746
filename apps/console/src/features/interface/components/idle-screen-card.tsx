import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import {
  IDLE_IMAGE_DURATION,
  IDLE_MAX_IMAGES,
  IDLE_MAX_VIDEOS,
  IDLE_TIMEOUT,
  IMAGE_TYPES,
  IMAGE_UPLOAD_MAX_BYTES,
  VIDEO_TYPES,
  VIDEO_UPLOAD_MAX_BYTES,
  type IdleImage,
  type IdleMediaType,
  type IdleScreen,
  type IdleVideo,
} from '@ambassador/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/api/api-error';
import { DeleteDialog, useDeleteDialog } from '@/shared/ui/delete-dialog';
import { FileUploads, useSequentialUploads } from '@/shared/ui/file-uploads';
import { SortableList, moved } from '@/shared/ui/sortable-list';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { attachIdleMedia, useDeleteIdleItem, useIdleScreen, useUpdateIdleScreen } from '../api/idle-screen';
import { interfaceKeys } from '../api/interface-keys';
import { IdlePreviewDialog } from './idle-preview-dialog';
import { SecondsField } from './seconds-field';

const MB = 1024 * 1024;

/** The idle screen as PUT takes it. */
const asUpdate = (deviceId: number, s: IdleScreen) => ({
  device_id: deviceId,
  media_type_selected: s.media_type_selected,
  idle_timeout: s.idle_timeout,
  images: s.images.map((i) => ({ image_id: i.image_id, duration: i.duration })),
  videos: s.videos.map((v) => ({ video_id: v.video_id })),
});

const thumb = {
  width: 120,
  height: 68,
  objectFit: 'cover',
  borderRadius: 1,
  bgcolor: 'action.hover',
} as const;

/**
 * The idle screen of the selected device: what its kiosk plays full-screen after a while without a
 * touch. Images (each with its seconds) and videos on two tabs, each added several at once with
 * progress, reordered by drag or arrows, deleted with the confirm dialog; which of the two plays,
 * after how long, and a preview of the loop. Every change reaches the paired kiosks live.
 */
export function IdleScreenCard({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const idle = useIdleScreen(deviceId);
  const update = useUpdateIdleScreen();
  const remove = useDeleteIdleItem();
  const confirmDelete = useDeleteDialog();
  const [tab, setTab] = useState<IdleMediaType>('image');
  const [previewing, setPreviewing] = useState(false);
  const data = idle.data;
  const key = interfaceKeys.idleScreen(deviceId);

  const save = (next: IdleScreen, success = t('interface.idle.saved')) => {
    // Show the change at once; the answer (or a reload on failure) replaces it.
    queryClient.setQueryData(key, next);
    return notify.run(() => update.mutateAsync(asUpdate(deviceId, next)), {
      loading: t('common.updating'),
      success,
    });
  };

  const uploadsOf = (type: IdleMediaType) => ({
    deviceId,
    kind: type,
    attach: (mediaId: number) => attachIdleMedia(deviceId, type, [mediaId]),
    onUploaded: (next: IdleScreen) => queryClient.setQueryData(key, next),
    doneText: (count: number) => t(`interface.idle.uploaded_${type}`, { count }),
  });
  const imageUploads = useSequentialUploads(uploadsOf('image'));
  const videoUploads = useSequentialUploads(uploadsOf('video'));

  const askDelete = (type: IdleMediaType, id: number, name: string) =>
    confirmDelete.ask({
      type: type === 'image' ? 'idle_image' : 'idle_video',
      item: name,
      run: async () =>
        (
          await notify.run(
            () =>
              remove.mutateAsync(
                type === 'image'
                  ? { device_id: deviceId, image_id: id }
                  : { device_id: deviceId, video_id: id },
              ),
            { loading: t('common.deleting'), success: t('interface.idle.deleted') },
          )
        ).ok,
    });

  const titleId = 'interface-idle-title';
  const selected = data?.media_type_selected ?? 'image';
  const playing = data ? (selected === 'image' ? data.images.length : data.videos.length) : 0;

  const details = (name: string, position: string) => (
    <Box sx={{ flex: '1 1 160px', minWidth: 0 }}>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {name}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {position}
      </Typography>
    </Box>
  );

  function imagesPanel(screen: IdleScreen) {
    const list = screen.images;
    return (
      <>
        <FileUploads
          label={t('interface.idle.add_images')}
          hint={t('interface.idle.images_hint', { mb: IMAGE_UPLOAD_MAX_BYTES / MB, max: IDLE_MAX_IMAGES })}
          accept={IMAGE_TYPES.join(',')}
          uploads={imageUploads}
          testId="idle-images"
        />
        {list.length === 0 ? (
          <Typography variant="body2" color="text.secondary" data-testid="idle-images-empty">
            {t('interface.idle.no_images')}
          </Typography>
        ) : (
          <SortableList<IdleImage>
            items={list}
            getKey={(i) => i.image_id}
            getName={(i) => i.original_name}
            label={t('interface.idle.image_list')}
            busy={update.isPending}
            onMove={(from, to, message) => void save({ ...screen, images: moved(list, from, to) }, message)}
            onDelete={(i) => askDelete('image', i.image_id, i.original_name)}
            itemTestId="idle-image"
            deleteTestId="idle-image-delete"
            renderItem={(image, index) => (
              <>
                <Box
                  component="img"
                  src={image.thumb_url}
                  alt={image.original_name}
                  loading="lazy"
                  sx={thumb}
                />
                {details(
                  image.original_name,
                  t('interface.idle.image_position', { position: index + 1, total: list.length }),
                )}
                <SecondsField
                  key={`${image.image_id}-${image.duration}`}
                  label={t('interface.idle.duration', { name: image.original_name })}
                  value={image.duration}
                  min={IDLE_IMAGE_DURATION.min}
                  max={IDLE_IMAGE_DURATION.max}
                  testId="idle-image-duration"
                  width={170}
                  onCommit={(duration) =>
                    void save({
                      ...screen,
                      images: list.map((x, n) => (n === index ? { ...x, duration } : x)),
                    })
                  }
                />
              </>
            )}
          />
        )}
      </>
    );
  }

  function videosPanel(screen: IdleScreen) {
    const list = screen.videos;
    return (
      <>
        <FileUploads
          label={t('interface.idle.add_videos')}
          hint={t('interface.idle.videos_hint', { mb: VIDEO_UPLOAD_MAX_BYTES / MB, max: IDLE_MAX_VIDEOS })}
          accept={VIDEO_TYPES.join(',')}
          uploads={videoUploads}
          testId="idle-videos"
        />
        {list.length === 0 ? (
          <Typography variant="body2" color="text.secondary" data-testid="idle-videos-empty">
            {t('interface.idle.no_videos')}
          </Typography>
        ) : (
          <SortableList<IdleVideo>
            items={list}
            getKey={(v) => v.video_id}
            getName={(v) => v.original_name}
            label={t('interface.idle.video_list')}
            busy={update.isPending}
            onMove={(from, to, message) => void save({ ...screen, videos: moved(list, from, to) }, message)}
            onDelete={(v) => askDelete('video', v.video_id, v.original_name)}
            itemTestId="idle-video"
            deleteTestId="idle-video-delete"
            renderItem={(video, index) => (
              <>
                {/* Its first frame, as a still: the preview plays it. */}
                <Box
                  component="video"
                  src={video.url}
                  poster={video.poster_url ?? undefined}
                  preload={video.poster_url ? 'none' : 'metadata'}
                  muted
                  aria-label={video.original_name}
                  sx={thumb}
                />
                {details(
                  video.original_name,
                  t('interface.idle.video_position', { position: index + 1, total: list.length }),
                )}
              </>
            )}
          />
        )}
      </>
    );
  }

  return (
    <Card data-testid="interface-idle" component="section" aria-labelledby={titleId} sx={{ mt: 2 }}>
      <CardContent>
        <Typography id={titleId} component="h2" sx={{ fontWeight: 600, fontSize: 16 }}>
          {t('interface.idle.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 1 }}>
          {t('interface.idle.description')}
        </Typography>
        {idle.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void idle.refetch()}>
                {t('interface.retry')}
              </Button>
            }
          >
            {errorMessage(idle.error, t('interface.idle.load_failed'))}
          </Alert>
        ) : !data ? (
          <Skeleton variant="rounded" height={160} />
        ) : (
          <>
            <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 3, flexWrap: 'wrap', mb: 1 }}>
              <FormControl>
                <FormLabel id="idle-plays-label" sx={{ fontSize: 14 }}>
                  {t('interface.idle.plays')}
                </FormLabel>
                <RadioGroup
                  row
                  aria-labelledby="idle-plays-label"
                  value={selected}
                  onChange={(_e, value) =>
                    void save({ ...data, media_type_selected: value as IdleMediaType })
                  }
                >
                  <FormControlLabel
                    value="image"
                    control={<Radio data-testid="idle-plays-image" />}
                    label={t('interface.idle.plays_images', { count: data.images.length })}
                  />
                  <FormControlLabel
                    value="video"
                    control={<Radio data-testid="idle-plays-video" />}
                    label={t('interface.idle.plays_videos', { count: data.videos.length })}
                  />
                </RadioGroup>
              </FormControl>
              <SecondsField
                key={data.idle_timeout}
                label={t('interface.idle.timeout')}
                value={data.idle_timeout}
                min={IDLE_TIMEOUT.min}
                max={IDLE_TIMEOUT.max}
                testId="idle-timeout"
                width={200}
                onCommit={(idle_timeout) => void save({ ...data, idle_timeout })}
              />
              <Button
                variant="outlined"
                startIcon={<PlayArrowIcon />}
                disabled={playing === 0}
                onClick={() => setPreviewing(true)}
                data-testid="idle-preview-open"
                sx={{ mt: 1 }}
              >
                {t('interface.idle.preview')}
              </Button>
            </Box>
            {playing === 0 && (
              <Alert severity="info" sx={{ mb: 1 }} data-testid="idle-nothing">
                {t(selected === 'image' ? 'interface.idle.nothing_images' : 'interface.idle.nothing_videos')}
              </Alert>
            )}
            <Tabs
              value={tab}
              onChange={(_e, value: IdleMediaType) => setTab(value)}
              aria-label={t('interface.idle.tabs')}
              sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
            >
              <Tab
                value="image"
                label={t('interface.idle.images_tab', { count: data.images.length })}
                id="idle-tab-image"
                aria-controls={tab === 'image' ? 'idle-panel-image' : undefined}
                data-testid="idle-tab-image"
              />
              <Tab
                value="video"
                label={t('interface.idle.videos_tab', { count: data.videos.length })}
                id="idle-tab-video"
                aria-controls={tab === 'video' ? 'idle-panel-video' : undefined}
                data-testid="idle-tab-video"
              />
            </Tabs>
            <Box role="tabpanel" id={`idle-panel-${tab}`} aria-labelledby={`idle-tab-${tab}`}>
              {tab === 'image' ? imagesPanel(data) : videosPanel(data)}
            </Box>
            <IdlePreviewDialog
              open={previewing}
              onClose={() => setPreviewing(false)}
              mediaType={selected}
              images={data.images}
              videos={data.videos}
            />
          </>
        )}
      </CardContent>
      <DeleteDialog {...confirmDelete.dialogProps} />
    </Card>
  );
}
