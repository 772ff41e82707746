import { useRef, useState, type DragEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import UploadIcon from '@mui/icons-material/Upload';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { CAROUSEL_IMAGE_MAX_BYTES, type CarouselBanner } from '@ambassador/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '@/shared/api/api-error';
import { DeleteDialog, useDeleteDialog } from '@/shared/ui/delete-dialog';
import { PickersProvider } from '@/shared/ui/pickers-provider';
import { UploadProgress } from '@/shared/upload/upload-progress';
import { useResumableUpload } from '@/shared/upload/use-resumable-upload';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { attachBanners, useCarousel, useDeleteBanner, useUpdateCarousel } from '../api/carousel';
import { interfaceKeys } from '../api/interface-keys';

const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

type Batch = { current: number; total: number; name: string };

/** A banner as PUT sends it: what the server has, with one change. */
const asChange = (b: CarouselBanner) => ({
  image_id: b.image_id,
  link_topic_id: b.link_topic_id,
  show_from: b.show_from,
  show_until: b.show_until,
});

/**
 * Carousel banners of the selected device: add several images at once (each a resumable upload,
 * then a banner by its media id, so one refused file names itself and those before it stay in;
 * a dropped connection resumes, and a file chosen again after a reload continues), reorder by drag or by the arrows, a
 * schedule by day, delete with the confirm dialog. Every change reaches the paired kiosks live.
 */
export function CarouselCard({ deviceId, carouselOn }: { deviceId: number; carouselOn: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const banners = useCarousel(deviceId);
  const update = useUpdateCarousel();
  const remove = useDeleteBanner();
  const confirmDelete = useDeleteDialog();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<Batch | null>(null);
  const resumable = useResumableUpload();
  const [dragging, setDragging] = useState<number | null>(null);
  const [announce, setAnnounce] = useState('');
  const list = banners.data ?? [];

  const save = async (next: CarouselBanner[], success = t('interface.carousel.saved')) => {
    // Show the new order at once; the answer (or a reload on failure) replaces it.
    queryClient.setQueryData(interfaceKeys.carousel(deviceId), next);
    return notify.run(() => update.mutateAsync({ device_id: deviceId, banners: next.map(asChange) }), {
      loading: t('common.updating'),
      success,
    });
  };

  const move = async (from: number, to: number) => {
    if (to < 0 || to >= list.length || from === to) return;
    const next = [...list];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    const message = t('interface.carousel.moved', { name: item!.original_name, position: to + 1 });
    setAnnounce(message);
    await save(next, message);
  };

  const schedule = (index: number, field: 'show_from' | 'show_until', value: Dayjs | null) => {
    if (value !== null && !value.isValid()) return;
    // A day picked: from its start; until the end of the last day shown (the next day's start).
    const at =
      value === null
        ? null
        : (field === 'show_from' ? value.startOf('day') : value.add(1, 'day').startOf('day')).toISOString();
    void save(list.map((b, i) => (i === index ? { ...b, [field]: at } : b)));
  };

  const upload = async (files: File[]) => {
    let added = 0;
    for (const [i, file] of files.entries()) {
      setProgress({ current: i + 1, total: files.length, name: file.name });
      try {
        const item = await resumable.upload(file, { deviceId, kind: 'image' });
        queryClient.setQueryData(
          interfaceKeys.carousel(deviceId),
          await attachBanners(deviceId, [item.media_id]),
        );
        added += 1;
      } catch (error) {
        setProgress(null);
        if (error instanceof ApiError && error.code === 'cancelled') return;
        notify.error(
          t('interface.carousel.upload_failed', {
            name: file.name,
            reason: errorMessage(error, t('errors.unknown')),
          }),
        );
        return;
      }
    }
    setProgress(null);
    if (added > 0) notify.success(t('interface.carousel.uploaded', { count: added }));
  };

  const onDrop = (event: DragEvent, to: number) => {
    event.preventDefault();
    if (dragging !== null) void move(dragging, to);
    setDragging(null);
  };

  const titleId = 'interface-carousel-title';
  return (
    <Card data-testid="interface-carousel" component="section" aria-labelledby={titleId} sx={{ mt: 2 }}>
      <CardContent>
        <Typography id={titleId} component="h2" sx={{ fontWeight: 600, fontSize: 16 }}>
          {t('interface.carousel.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 1 }}>
          {t('interface.carousel.description')}
        </Typography>
        {!carouselOn && (
          <Alert severity="info" sx={{ mb: 1 }}>
            {t('interface.carousel.off_hint')}
          </Alert>
        )}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1 }}>
          <Button
            variant="contained"
            startIcon={<UploadIcon />}
            disabled={progress !== null}
            onClick={() => input.current?.click()}
            data-testid="carousel-add"
          >
            {t('interface.carousel.add')}
          </Button>
          <Typography variant="caption" color="text.secondary">
            {t('interface.carousel.hint', { mb: CAROUSEL_IMAGE_MAX_BYTES / 1024 / 1024 })}
          </Typography>
          <input
            ref={input}
            type="file"
            accept={ACCEPT}
            multiple
            hidden
            aria-hidden="true"
            tabIndex={-1}
            data-testid="carousel-input"
            onChange={(event) => {
              const files = [...(event.target.files ?? [])];
              event.target.value = '';
              if (files.length > 0) void upload(files);
            }}
          />
        </Box>
        {progress && resumable.status && (
          <UploadProgress
            id="carousel-progress"
            status={resumable.status}
            label={t('interface.carousel.uploading', progress)}
            fraction={
              (progress.current -
                1 +
                (resumable.status.total ? resumable.status.sent / resumable.status.total : 0)) /
              progress.total
            }
            onPause={resumable.pause}
            onResume={resumable.resume}
            onCancel={resumable.cancel}
          />
        )}
        {banners.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void banners.refetch()}>
                {t('interface.retry')}
              </Button>
            }
          >
            {errorMessage(banners.error, t('interface.carousel.load_failed'))}
          </Alert>
        ) : !banners.data ? (
          <Skeleton variant="rounded" height={80} />
        ) : list.length === 0 ? (
          <Typography variant="body2" color="text.secondary" data-testid="carousel-empty">
            {t('interface.carousel.empty')}
          </Typography>
        ) : (
          <PickersProvider>
            <Box
              component="ol"
              aria-label={t('interface.carousel.list')}
              sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
            >
              {list.map((banner, index) => (
                <Box
                  component="li"
                  key={banner.image_id}
                  data-testid="carousel-banner"
                  draggable
                  onDragStart={() => setDragging(index)}
                  onDragOver={(event: DragEvent) => event.preventDefault()}
                  onDrop={(event: DragEvent) => onDrop(event, index)}
                  onDragEnd={() => setDragging(null)}
                  sx={{
                    display: 'flex',
                    alignItems: 'center',
                    gap: 1.5,
                    flexWrap: 'wrap',
                    p: 1,
                    border: 1,
                    borderColor: 'divider',
                    borderRadius: 1,
                    opacity: dragging === index ? 0.5 : 1,
                  }}
                >
                  <DragIndicatorIcon sx={{ cursor: 'grab', color: 'text.secondary' }} aria-hidden="true" />
                  <Box
                    component="img"
                    src={banner.url}
                    alt={banner.original_name}
                    loading="lazy"
                    sx={{
                      width: 120,
                      height: 68,
                      objectFit: 'cover',
                      borderRadius: 1,
                      bgcolor: 'action.hover',
                    }}
                  />
                  <Box sx={{ flex: '1 1 160px', minWidth: 0 }}>
                    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                      {banner.original_name}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {t('interface.carousel.position', { position: index + 1, total: list.length })}
                    </Typography>
                  </Box>
                  <DatePicker
                    label={t('interface.carousel.from')}
                    value={banner.show_from ? dayjs(banner.show_from) : null}
                    onAccept={(value) => schedule(index, 'show_from', value)}
                    slotProps={{
                      textField: { size: 'small', sx: { width: 180 } },
                      field: { clearable: true },
                    }}
                  />
                  <DatePicker
                    label={t('interface.carousel.until')}
                    value={banner.show_until ? dayjs(banner.show_until).subtract(1, 'day') : null}
                    onAccept={(value) => schedule(index, 'show_until', value)}
                    slotProps={{
                      textField: { size: 'small', sx: { width: 200 } },
                      field: { clearable: true },
                    }}
                  />
                  <IconButton
                    aria-label={t('interface.carousel.move_up', { name: banner.original_name })}
                    disabled={index === 0 || update.isPending}
                    onClick={() => void move(index, index - 1)}
                  >
                    <ArrowUpwardIcon />
                  </IconButton>
                  <IconButton
                    aria-label={t('interface.carousel.move_down', { name: banner.original_name })}
                    disabled={index === list.length - 1 || update.isPending}
                    onClick={() => void move(index, index + 1)}
                  >
                    <ArrowDownwardIcon />
                  </IconButton>
                  <IconButton
                    aria-label={t('interface.carousel.delete', { name: banner.original_name })}
                    data-testid="carousel-delete"
                    onClick={() =>
                      confirmDelete.ask({
                        type: 'banner',
                        item: banner.original_name,
                        run: async () =>
                          (
                            await notify.run(
                              () => remove.mutateAsync({ device_id: deviceId, image_id: banner.image_id }),
                              { loading: t('common.deleting'), success: t('interface.carousel.deleted') },
                            )
                          ).ok,
                      })
                    }
                  >
                    <DeleteOutlineIcon />
                  </IconButton>
                </Box>
              ))}
            </Box>
          </PickersProvider>
        )}
        <Box role="status" aria-live="polite" sx={visuallyHidden}>
          {announce}
        </Box>
      </CardContent>
      <DeleteDialog {...confirmDelete.dialogProps} />
    </Card>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
