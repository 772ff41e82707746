import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import { useTranslation } from 'react-i18next';
import { useMatcherStatus } from '../api/get-matcher-status';

/**
 * Training… while the device's matcher learns its latest changes (an import, a transfer, an alias),
 * Ready once it has. A polite live region, so a screen reader hears it turn Ready.
 */
export function MatcherStatusChip() {
  const { t } = useTranslation();
  const status = useMatcherStatus();
  const state = status.data?.state;
  return (
    <Box role="status" aria-live="polite" data-testid="matcher-status" data-state={state ?? 'unknown'}>
      {state && (
        <Chip
          size="small"
          variant="outlined"
          color={state === 'ready' ? 'success' : 'warning'}
          icon={
            state === 'ready' ? (
              <CheckCircleOutline />
            ) : (
              <CircularProgress size={14} color="inherit" aria-hidden="true" />
            )
          }
          label={state === 'ready' ? t('ai.matcher.ready') : t('ai.matcher.training')}
          title={state === 'ready' ? t('ai.matcher.ready_hint') : t('ai.matcher.training_hint')}
          sx={{ height: 36 }}
        />
      )}
    </Box>
  );
}
