import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { useChatAvailability, useSetChatAvailability } from '../api/availability';

/** Available / Away on Live Chat: with nobody Available, kiosks tell visitors staff are away. */
export function AvailabilityToggle() {
  const { t } = useTranslation();
  const availability = useChatAvailability();
  const save = useSetChatAvailability();
  const value = save.isPending ? save.variables : availability.data?.available;
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={value === undefined ? null : value ? 'available' : 'away'}
      disabled={availability.data === undefined}
      onChange={(_event, next: 'available' | 'away' | null) => {
        if (!next) return;
        const available = next === 'available';
        void notify.run(() => save.mutateAsync(available), {
          loading: t('common.updating'),
          success: available ? t('chat.availability.now_available') : t('chat.availability.now_away'),
        });
      }}
      aria-label={t('chat.availability.label')}
      data-testid="chat-availability"
    >
      <ToggleButton value="available" data-testid="chat-availability-available">
        {t('chat.availability.available')}
      </ToggleButton>
      <ToggleButton value="away" data-testid="chat-availability-away">
        {t('chat.availability.away')}
      </ToggleButton>
    </ToggleButtonGroup>
  );
}
