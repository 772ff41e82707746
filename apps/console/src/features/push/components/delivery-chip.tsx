import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Schedule from '@mui/icons-material/Schedule';
import TimerOff from '@mui/icons-material/TimerOff';
import type { PushDelivery } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/shared/lib/format-date';

/** One device's delivery of a push: pending, delivered (when), or expired. */
export function DeliveryChip({ pushId, delivery }: { pushId: number; delivery: PushDelivery }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const device = delivery.device_name || `#${delivery.device_id}`;
  const time = formatDateTime(delivery.delivered_at, language);
  const chip = {
    pending: {
      label: t('push.delivery.pending', { device }),
      hint: t('push.delivery.pending_hint'),
      color: 'warning' as const,
      icon: <Schedule />,
    },
    delivered: {
      label: t('push.delivery.delivered', { device, time }),
      hint: t('push.delivery.delivered_hint', { time }),
      color: 'success' as const,
      icon: <CheckCircle />,
    },
    expired: {
      label: t('push.delivery.expired', { device }),
      hint: t('push.delivery.expired_hint'),
      color: 'default' as const,
      icon: <TimerOff />,
    },
  }[delivery.status];
  return (
    <Tooltip title={chip.hint}>
      <Chip
        size="small"
        variant="outlined"
        color={chip.color}
        icon={chip.icon}
        label={chip.label}
        data-testid={`push-delivery-${pushId}-${delivery.device_id}`}
        data-status={delivery.status}
      />
    </Tooltip>
  );
}
