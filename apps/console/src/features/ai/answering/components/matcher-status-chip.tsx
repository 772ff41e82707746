import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import { useTranslation } from 'react-i18next';
import { useMatcherStatus } from '../api/get-matcher-status';
import { Spinner } from '@/shared/ui/spinner';

/**
 * Training… while the device's matcher learns its latest changes (an import, a transfer, an alias),
 * "Learning meanings… 40%" while its phrases are embedded in the background (it answers by words
 * meanwhile), Ready once it has. A polite live region, so a screen reader hears it turn Ready.
 */
export function MatcherStatusChip() {
  const { t, i18n } = useTranslation();
  const status = useMatcherStatus();
  const embedding = status.data?.embedding ?? null;
  const state = embedding && status.data?.state === 'ready' ? 'embedding' : status.data?.state;
  const count = (n: number) => n.toLocaleString(i18n.resolvedLanguage);
  const label =
    state === 'ready'
      ? t('ai.matcher.ready')
      : state === 'embedding'
        ? t('ai.matcher.embedding', {
            percent: Math.floor((100 * embedding!.done) / Math.max(1, embedding!.total)),
          })
        : t('ai.matcher.training');
  const hint =
    state === 'ready'
      ? t('ai.matcher.ready_hint')
      : state === 'embedding'
        ? t('ai.matcher.embedding_hint', { done: count(embedding!.done), total: count(embedding!.total) })
        : t('ai.matcher.training_hint');
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
              <Spinner size={14} color="inherit" aria-hidden="true" />
            )
          }
          label={label}
          title={hint}
          sx={{ height: 36 }}
        />
      )}
    </Box>
  );
}
