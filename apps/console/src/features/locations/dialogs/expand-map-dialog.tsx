import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import CloseIcon from '@mui/icons-material/Close';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import type { LocationMap, MapPoint } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';

/** The expand map dialog: a floor plan full screen, with this device's "you are here" when it is on it. */
export function ExpandMapDialog({
  map,
  here,
  onClose,
}: {
  map: LocationMap | null;
  here: MapPoint | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={Boolean(map)}
      onClose={onClose}
      fullScreen
      aria-labelledby="expand-map-title"
      data-testid="expand-map-dialog"
    >
      <DialogTitle id="expand-map-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box component="span" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {map?.name}
        </Box>
        <Tooltip title={t('common.close')}>
          <IconButton onClick={onClose} aria-label={t('common.close')} data-testid="expand-map-close">
            <CloseIcon />
          </IconButton>
        </Tooltip>
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', placeItems: 'center', bgcolor: 'grey.100', pt: 2 }}>
        {map && (
          <Box sx={{ position: 'relative', lineHeight: 0, maxWidth: '100%' }}>
            <Box
              component="img"
              src={map.url}
              alt={t('locations.point.map_alt', { name: map.name })}
              sx={{ display: 'block', maxWidth: '100%', maxHeight: 'calc(100vh - 120px)' }}
            />
            {here && (
              <Box
                role="img"
                aria-label={t('locations.maps.here_marker')}
                data-testid="expand-map-here"
                sx={{
                  position: 'absolute',
                  left: `${here.x * 100}%`,
                  top: `${here.y * 100}%`,
                  transform: 'translate(-50%, -50%)',
                  color: 'primary.main',
                  lineHeight: 0,
                }}
              >
                <MyLocationIcon sx={{ fontSize: 32, filter: 'drop-shadow(0 1px 2px rgba(0,0,0,.5))' }} />
              </Box>
            )}
          </Box>
        )}
      </DialogContent>
    </Dialog>
  );
}
