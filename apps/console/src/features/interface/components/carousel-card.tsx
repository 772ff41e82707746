import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { CAROUSEL_IMAGE_MAX_BYTES, type CarouselBanner } from '@ambassador/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/api/api-error';
import { DeleteDialog, useDeleteDialog } from '@/shared/ui/delete-dialog';
import { FileUploads, useSequentialUploads } from '@/shared/ui/file-uploads';
import { PickersProvider } from '@/shared/ui/pickers-provider';
import { SortableList, moved } from '@/shared/ui/sortable-list';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { attachBanners, useCarousel, useDeleteBanner, useUpdateCarousel } from '../api/carousel';
import { interfaceKeys } from '../api/interface-keys';
import { BannerLinkField } from './banner-link-field';

const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

/** A banner as PUT sends it: what the server has, with one change. */
const asChange = (b: CarouselBanner) => ({
  image_id: b.image_id,
  link_topic_id: b.link_topic_id,
  link_unit_id: b.link_unit_id,
  show_from: b.show_from,
  show_until: b.show_until,
});

/**
 * Carousel banners of the selected device: add several images at once (one request each, so one
 * refused file names itself and the others still go in), reorder by drag or by the arrows, a
 * schedule by day, delete with the confirm dialog. Every change reaches the paired kiosks live.
 */
export function CarouselCard({ deviceId, carouselOn }: { deviceId: number; carouselOn: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const banners = useCarousel(deviceId);
  const update = useUpdateCarousel();
  const remove = useDeleteBanner();
  const confirmDelete = useDeleteDialog();
  const list = banners.data ?? [];

  const save = async (next: CarouselBanner[], success = t('interface.carousel.saved')) => {
    // Show the new order at once; the answer (or a reload on failure) replaces it.
    queryClient.setQueryData(interfaceKeys.carousel(deviceId), next);
    return notify.run(() => update.mutateAsync({ device_id: deviceId, banners: next.map(asChange) }), {
      loading: t('common.updating'),
      success,
    });
  };

  const uploads = useSequentialUploads({
    deviceId,
    kind: 'image',
    attach: (mediaId: number) => attachBanners(deviceId, [mediaId]),
    onUploaded: (next: CarouselBanner[]) => queryClient.setQueryData(interfaceKeys.carousel(deviceId), next),
    doneText: (count) => t('interface.carousel.uploaded', { count }),
  });

  const schedule = (index: number, field: 'show_from' | 'show_until', value: Dayjs | null) => {
    if (value !== null && !value.isValid()) return;
    // A day picked: from its start; until the end of the last day shown (the next day's start).
    const at =
      value === null
        ? null
        : (field === 'show_from' ? value.startOf('day') : value.add(1, 'day').startOf('day')).toISOString();
    void save(list.map((b, i) => (i === index ? { ...b, [field]: at } : b)));
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
        <FileUploads
          label={t('interface.carousel.add')}
          hint={t('interface.carousel.hint', { mb: CAROUSEL_IMAGE_MAX_BYTES / 1024 / 1024 })}
          accept={ACCEPT}
          uploads={uploads}
          testId="carousel"
        />
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
            <SortableList
              items={list}
              getKey={(banner) => banner.image_id}
              getName={(banner) => banner.original_name}
              label={t('interface.carousel.list')}
              busy={update.isPending}
              onMove={(from, to, message) => void save(moved(list, from, to), message)}
              onDelete={(banner) =>
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
              itemTestId="carousel-banner"
              deleteTestId="carousel-delete"
              renderItem={(banner, index) => (
                <>
                  <Box
                    component="img"
                    src={banner.thumb_url}
                    alt={banner.original_name}
                    loading="lazy"
                    // Sized so a banner's row keeps to one line at 1440 px (its buttons wrapped).
                    sx={{
                      width: 96,
                      height: 54,
                      objectFit: 'cover',
                      borderRadius: 1,
                      bgcolor: 'action.hover',
                    }}
                  />
                  <Box sx={{ flex: '1 1 120px', minWidth: 0 }}>
                    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                      {banner.original_name}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {t('interface.carousel.position', { position: index + 1, total: list.length })}
                    </Typography>
                  </Box>
                  <BannerLinkField
                    deviceId={deviceId}
                    banner={banner}
                    disabled={update.isPending}
                    onChange={(link) =>
                      void save(
                        list.map((b, i) =>
                          i === index
                            ? {
                                ...b,
                                link_topic_id: link?.kind === 'topic' ? link.id : null,
                                link_unit_id: link?.kind === 'unit' ? link.id : null,
                                link_label: link?.label ?? null,
                              }
                            : b,
                        ),
                        t('interface.carousel.link_saved'),
                      )
                    }
                  />
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
                </>
              )}
            />
          </PickersProvider>
        )}
      </CardContent>
      <DeleteDialog {...confirmDelete.dialogProps} />
    </Card>
  );
}
