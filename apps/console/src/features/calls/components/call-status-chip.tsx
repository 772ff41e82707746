import Chip from '@mui/material/Chip';
import type { CallStatus } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';

const COLOR = {
  ringing: 'warning',
  answered: 'success',
  ended: 'default',
  missed: 'error',
} as const satisfies Record<CallStatus, 'warning' | 'success' | 'default' | 'error'>;

/** A call's status as a small chip (ringing stands out, missed is red). */
export function CallStatusChip({ status }: { status: CallStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={t(`calls.status.${status}`)}
      color={COLOR[status]}
      variant={status === 'ended' ? 'outlined' : 'filled'}
      data-testid="call-status"
      data-status={status}
    />
  );
}
