import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { KioskPosition, LocationMap } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@/shared/auth/auth-store';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useChanged } from '@/shared/ui/quit-editing-dialog';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { useSetKioskPosition } from '../api/locations-api';
import { MapPointPicker, type MapPoint } from '../components/map-point-picker';
import { mapImage } from '../lib/map-image';

/**
 * Where the selected device stands on a map: its kiosk draws "you are here" there when it shows
 * this map. A device stands on one map at a time; saving here moves it from any other.
 */
export function KioskPositionDialog({
  map,
  current,
  onClose,
}: {
  map: LocationMap;
  current: KioskPosition | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const auth = useAuth();
  const device = auth.device_list.find((d) => d.id === auth.selected_device);
  const save = useSetKioskPosition();
  const onThisMap = current?.map_id === map.id;
  const [point, setPoint] = useState<MapPoint | null>(onThisMap ? current.poi : null);
  const dirty = useChanged(point);

  const run = async (position: { map_id: number; poi: MapPoint } | null) => {
    const result = await notify.run(() => save.mutateAsync(position), {
      loading: t('common.updating'),
      success: position ? t('locations.maps.here_saved') : t('locations.maps.here_cleared'),
    });
    if (result.ok) onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (point && !save.isPending) void run({ map_id: map.id, poi: point });
  };

  return (
    <FormDialog
      open
      dirty={dirty}
      onClose={onClose}
      onSubmit={submit}
      submitting={save.isPending}
      title={t('locations.maps.here_title', { device: device?.description ?? '' })}
      testId="kiosk-position-dialog"
      width={760}
      submitLabel={t('common.save')}
      submitDisabled={!point}
      submitTestId="kiosk-position-save"
    >
      <Typography variant="body2" color="text.secondary">
        {current && !onThisMap
          ? t('locations.maps.here_moves', { map: current.map_name })
          : t('locations.maps.here_hint')}
      </Typography>
      <MapPointPicker
        imageUrl={mapImage(map)}
        mapName={map.name}
        point={point}
        onChange={setPoint}
        testId="kiosk-position-picker"
      />
      {onThisMap && (
        <Button
          color="error"
          sx={{ justifySelf: 'start' }}
          disabled={save.isPending}
          onClick={() => void run(null)}
          data-testid="kiosk-position-clear"
        >
          {t('locations.maps.here_clear')}
        </Button>
      )}
    </FormDialog>
  );
}
