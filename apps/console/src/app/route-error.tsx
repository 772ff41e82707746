import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';

/** A screen failed to load (usually a new release replaced its code): offer a reload. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : '';
  return (
    <Box
      sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh', p: 3, textAlign: 'center' }}
      role="alert"
    >
      <Box>
        <Typography variant="h1" sx={{ mb: 1 }}>
          {t('errors.screen_failed_title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {t('errors.screen_failed_body')}
        </Typography>
        {detail && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2, fontFamily: 'monospace' }}>
            {detail}
          </Typography>
        )}
        <Button variant="contained" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </Button>
      </Box>
    </Box>
  );
}
