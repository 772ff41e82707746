import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowForward from '@mui/icons-material/ArrowForward';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DriveFileRenameOutline from '@mui/icons-material/DriveFileRenameOutline';
import MyLocationOutlined from '@mui/icons-material/MyLocationOutlined';
import OpenInFullOutlined from '@mui/icons-material/OpenInFullOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { IMAGE_TYPES, type LocationMap } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/api/api-error';
import { DeleteDialog, useDeleteDialog } from '@/shared/ui/delete-dialog';
import { RowAction } from '@/shared/ui/row-action';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { useSelectedDeviceId } from '@/shared/auth/use-selected-device';
import {
  useDeleteMap,
  useKioskPosition,
  useMapUsers,
  useMaps,
  useRenameMap,
  useReorderMaps,
  useUploadMap,
} from '../api/locations-api';
import { ExpandMapDialog } from '../dialogs/expand-map-dialog';
import { KioskPositionDialog } from '../dialogs/kiosk-position-dialog';
import { MapNameDialog, type MapNameFields } from '../dialogs/map-name-dialog';

/** Floor plans: images, or a PDF of which one page becomes the plan. */
const ACCEPT = [...IMAGE_TYPES, 'application/pdf', '.pdf'].join(',');
/** Names of the locations on a map the refusal lists; the rest are counted. */
const NAMES_SHOWN = 10;

type NameDialog =
  | { key: number; open: boolean; mode: 'add_map'; file: File; name: string }
  | { key: number; open: boolean; mode: 'rename_map'; map: LocationMap; name: string };

/** A file name without its extension, as a new map's name. */
const baseName = (file: File) => file.name.replace(/\.[^.]+$/, '').slice(0, 80);

/** Asks to delete a map; while locations use it, the dialog names them and Delete stays off. */
function useAskDeleteMap() {
  const { t } = useTranslation();
  const remove = useDeleteMap();
  const confirmDelete = useDeleteDialog();
  const [asked, setAsked] = useState<LocationMap | null>(null);
  const users = useMapUsers(asked?.id ?? null, asked?.location_count ?? 0);
  const names = users.data ?? [];
  // The count is known at once, the names once they load: never an empty "()" meanwhile.
  const refusal =
    !asked || asked.location_count === 0
      ? null
      : names.length === 0
        ? t('locations.maps.in_use_unnamed', { count: asked.location_count })
        : t('locations.maps.in_use', {
            count: asked.location_count,
            names:
              names.slice(0, NAMES_SHOWN).join(', ') +
              (asked.location_count > NAMES_SHOWN
                ? ` ${t('locations.maps.and_more', { count: asked.location_count - NAMES_SHOWN })}`
                : ''),
          });

  const ask = (map: LocationMap) => {
    setAsked(map);
    confirmDelete.ask({
      type: 'map',
      item: map.name,
      run: async () => {
        const result = await notify.run(() => remove.mutateAsync(map.id), {
          loading: t('common.deleting'),
          success: t('locations.maps.deleted', { name: map.name }),
        });
        return result.ok;
      },
    });
  };
  return { ask, dialogProps: { ...confirmDelete.dialogProps, refusal } };
}

/**
 * The device's floor plans in floor order: upload one (an image or a PDF page) and name it, rename
 * it, move it up or down the floors, expand it full screen, set where this device stands on it,
 * delete it (refused while locations use it, naming them).
 */
export function MapsPanel() {
  const { t } = useTranslation();
  const deviceId = useSelectedDeviceId();
  const maps = useMaps();
  const position = useKioskPosition();
  const upload = useUploadMap();
  const rename = useRenameMap();
  const reorder = useReorderMaps();
  const deleting = useAskDeleteMap();
  const input = useRef<HTMLInputElement>(null);
  const [nameDialog, setNameDialog] = useState<NameDialog | null>(null);
  const [expanded, setExpanded] = useState<LocationMap | null>(null);
  const [positioning, setPositioning] = useState<{ key: number; map: LocationMap } | null>(null);
  const list = maps.data ?? [];
  const here = position.data ?? null;

  const saveName = async ({ name, page }: MapNameFields): Promise<boolean> => {
    if (!nameDialog) return false;
    if (nameDialog.mode === 'rename_map') {
      const id = nameDialog.map.id;
      return (
        await notify.run(() => rename.mutateAsync({ id, name }), {
          loading: t('common.updating'),
          success: t('locations.maps.renamed'),
        })
      ).ok;
    }
    const file = nameDialog.file;
    return (
      await notify.run(() => upload.mutateAsync({ file, fields: { name, page } }), {
        loading: t('locations.maps.uploading'),
        success: t('locations.maps.added', { name }),
      })
    ).ok;
  };

  const move = (index: number, by: -1 | 1) => {
    const ids = list.map((m) => m.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    void notify.run(() => reorder.mutateAsync(ids), {
      loading: t('common.updating'),
      success: t('locations.maps.reordered'),
    });
  };

  let body;
  if (maps.isPending) {
    body = (
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' }}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={250} />
        ))}
      </Box>
    );
  } else if (maps.isError) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void maps.refetch()}>
            {t('common.retry')}
          </Button>
        }
      >
        {errorMessage(maps.error, t('errors.unknown'))}
      </Alert>
    );
  } else if (list.length === 0) {
    body = (
      <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }} data-testid="maps-empty">
        {t('locations.maps.empty')}
      </Typography>
    );
  } else {
    body = (
      <Box
        component="ol"
        aria-label={t('locations.maps.title')}
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
        }}
      >
        {list.map((map, index) => (
          <Card component="li" key={map.id} variant="outlined" data-testid={`map-card-${map.id}`}>
            <CardActionArea
              onClick={() => setExpanded(map)}
              aria-label={t('locations.maps.expand_named', { name: map.name })}
              data-testid={`map-expand-${map.id}`}
            >
              <Box
                component="img"
                src={map.thumb_url ?? map.web_url ?? map.url}
                alt=""
                loading="lazy"
                sx={{
                  display: 'block',
                  width: '100%',
                  height: 150,
                  objectFit: 'contain',
                  bgcolor: 'grey.100',
                }}
              />
            </CardActionArea>
            <CardContent sx={{ pb: 0 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
                <Chip size="small" label={t('locations.maps.floor_chip', { n: index + 1 })} />
                <Typography sx={{ fontWeight: 600, flex: 1, minWidth: 0 }} noWrap title={map.name}>
                  {map.name}
                </Typography>
              </Box>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {t('locations.maps.location_count', { count: map.location_count })}
                {here?.map_id === map.id ? ` · ${t('locations.maps.here_set')}` : ''}
              </Typography>
            </CardContent>
            <CardActions disableSpacing sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', pt: 0.5 }}>
              <RowAction
                label={t('locations.maps.move_up')}
                item={map.name}
                icon={<ArrowBack fontSize="small" />}
                onClick={() => move(index, -1)}
                {...(index === 0 && { disabledReason: t('locations.maps.first') })}
                testId={`map-up-${map.id}`}
              />
              <RowAction
                label={t('locations.maps.move_down')}
                item={map.name}
                icon={<ArrowForward fontSize="small" />}
                onClick={() => move(index, 1)}
                {...(index === list.length - 1 && { disabledReason: t('locations.maps.last') })}
                testId={`map-down-${map.id}`}
              />
              <RowAction
                label={t('locations.maps.set_here')}
                item={map.name}
                icon={<MyLocationOutlined fontSize="small" />}
                onClick={() => setPositioning((p) => ({ key: (p?.key ?? 0) + 1, map }))}
                testId={`map-here-${map.id}`}
              />
              <RowAction
                label={t('locations.maps.expand')}
                item={map.name}
                icon={<OpenInFullOutlined fontSize="small" />}
                onClick={() => setExpanded(map)}
                testId={`map-expand-button-${map.id}`}
              />
              <RowAction
                label={t('locations.maps.rename')}
                item={map.name}
                icon={<DriveFileRenameOutline fontSize="small" />}
                onClick={() =>
                  setNameDialog((d) => ({
                    key: (d?.key ?? 0) + 1,
                    open: true,
                    mode: 'rename_map',
                    map,
                    name: map.name,
                  }))
                }
                testId={`map-rename-${map.id}`}
              />
              <RowAction
                label={t('common.delete')}
                item={map.name}
                icon={<DeleteOutlined fontSize="small" />}
                onClick={() => deleting.ask(map)}
                testId={`map-delete-${map.id}`}
              />
            </CardActions>
          </Card>
        ))}
      </Box>
    );
  }

  return (
    <Box data-testid="maps-panel">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 280px' }}>
          {t('locations.maps.hint')}
        </Typography>
        <Button
          variant="contained"
          startIcon={<UploadFileOutlined />}
          onClick={() => input.current?.click()}
          disabled={deviceId === null}
          data-testid="map-upload"
        >
          {t('locations.maps.upload')}
        </Button>
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          hidden
          data-testid="map-upload-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file)
              setNameDialog((d) => ({
                key: (d?.key ?? 0) + 1,
                open: true,
                mode: 'add_map',
                file,
                name: baseName(file),
              }));
          }}
        />
      </Box>
      {body}
      {nameDialog && (
        <MapNameDialog
          key={nameDialog.key}
          open={nameDialog.open}
          mode={nameDialog.mode}
          initialName={nameDialog.name}
          file={nameDialog.mode === 'add_map' ? nameDialog.file : undefined}
          onSubmit={saveName}
          onClose={() => setNameDialog((d) => (d ? { ...d, open: false } : d))}
        />
      )}
      <ExpandMapDialog
        map={expanded}
        here={expanded && here?.map_id === expanded.id ? here.poi : null}
        onClose={() => setExpanded(null)}
      />
      {positioning && (
        <KioskPositionDialog
          key={positioning.key}
          map={positioning.map}
          current={here}
          onClose={() => setPositioning(null)}
        />
      )}
      <DeleteDialog {...deleting.dialogProps} />
    </Box>
  );
}
