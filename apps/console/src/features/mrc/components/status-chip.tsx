import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { MRC_MAX_PAGES, type MrcDocument } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/shared/ui/spinner';

const COLORS = { Scanning: 'info', Ready: 'success', Failed: 'error', Removed: 'default' } as const;

/** A document's status: Scanning with a spinner, Ready, or Failed with what the operator can do. */
export function StatusChip({
  document,
}: {
  document: Pick<MrcDocument, 'id' | 'status' | 'failure' | 'interrupted'>;
}) {
  const { t } = useTranslation();
  const scanning = document.status === 'Scanning';
  return (
    <Box sx={{ py: 0.5 }}>
      <Chip
        size="small"
        color={document.interrupted ? 'warning' : COLORS[document.status]}
        variant={scanning ? 'outlined' : 'filled'}
        label={t(`mrc.status.${document.status}`)}
        {...(scanning && { icon: <Spinner size={12} color="inherit" aria-hidden /> })}
        data-testid={`mrc-status-${document.id}`}
        data-status={document.status}
      />
      {document.interrupted && (
        <Typography
          variant="caption"
          color="text.secondary"
          component="p"
          sx={{ mt: 0.5, maxWidth: 360 }}
          data-testid={`mrc-interrupted-${document.id}`}
        >
          {t('mrc.interrupted')}
        </Typography>
      )}
      {document.status === 'Failed' && document.failure && (
        <Typography
          variant="caption"
          color="error"
          component="p"
          sx={{ mt: 0.5, maxWidth: 360 }}
          data-testid={`mrc-failure-${document.id}`}
        >
          {t(`mrc.failures.${document.failure}`, { max: MRC_MAX_PAGES })}
        </Typography>
      )}
    </Box>
  );
}
