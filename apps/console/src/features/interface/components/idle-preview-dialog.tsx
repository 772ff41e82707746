import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { IdleImage, IdleMediaType, IdleVideo } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';

/**
 * The idle loop as the kiosk will play it: the images in order, each for its duration, or the
 * videos in order, each to its end, then from the start again. Muted, as the kiosk plays it.
 */
export function IdlePreviewDialog({
  open,
  onClose,
  mediaType,
  images,
  videos,
}: {
  open: boolean;
  onClose: () => void;
  mediaType: IdleMediaType;
  images: readonly IdleImage[];
  videos: readonly IdleVideo[];
}) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const total = mediaType === 'image' ? images.length : videos.length;
  const current = total > 0 ? index % total : 0;
  const image = mediaType === 'image' ? images[current] : undefined;
  const video = mediaType === 'video' ? videos[current] : undefined;
  const next = () => setIndex((i) => i + 1);

  // An image's turn ends after its duration; a video's when it ends (onEnded).
  useEffect(() => {
    if (!open || paused || !image || total === 0) return;
    const timer = setTimeout(next, image.duration * 1000);
    return () => clearTimeout(timer);
  }, [open, paused, image, total, index]);

  const titleId = 'idle-preview-title';
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth="md"
      fullWidth
      aria-labelledby={titleId}
      data-testid="idle-preview"
      slotProps={{ transition: { onExited: () => setIndex(0) } }}
    >
      <DialogTitle id={titleId}>{t('interface.idle.preview_title')}</DialogTitle>
      <DialogContent>
        <Box
          sx={{
            aspectRatio: '16 / 9',
            bgcolor: 'common.black',
            borderRadius: 1,
            overflow: 'hidden',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          {image && (
            <Box
              component="img"
              key={`${image.image_id}-${index}`}
              src={image.url}
              alt={image.original_name}
              data-testid="idle-preview-image"
              sx={{ width: '100%', height: '100%', objectFit: 'contain' }}
            />
          )}
          {video && (
            <Box
              component="video"
              key={`${video.video_id}-${index}`}
              src={video.url}
              aria-label={video.original_name}
              data-testid="idle-preview-video"
              muted
              autoPlay
              controls
              playsInline
              // One video alone plays again from its start, as on the kiosk.
              onEnded={next}
              sx={{ width: '100%', height: '100%', objectFit: 'contain' }}
            />
          )}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="idle-preview-caption">
          {total === 0
            ? t('interface.idle.nothing_to_play')
            : image
              ? t('interface.idle.preview_image', {
                  position: current + 1,
                  total,
                  name: image.original_name,
                  seconds: image.duration,
                })
              : t('interface.idle.preview_video', {
                  position: current + 1,
                  total,
                  name: video?.original_name ?? '',
                })}
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {total > 1 && (
          <Button onClick={next} data-testid="idle-preview-next">
            {t('interface.idle.preview_next')}
          </Button>
        )}
        {image && (
          <Button onClick={() => setPaused((p) => !p)} data-testid="idle-preview-pause">
            {paused ? t('interface.idle.preview_play') : t('interface.idle.preview_pause')}
          </Button>
        )}
        <Button variant="contained" onClick={onClose} data-testid="idle-preview-close">
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
