import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { Avatar } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { isProducing } from '../api/avatars';

const STATUS_COLOUR = { queued: 'default', producing: 'info', ready: 'success', failed: 'error' } as const;

/** One avatar: its picture, status (progress and time left while it is made), in-use switch, actions. */
export function AvatarCard({
  avatar,
  pending,
  onInUse,
  onRename,
  onMotions,
  onDelete,
}: {
  avatar: Avatar;
  /** The in-use change asked for and not answered yet: the switch shows it, disabled. */
  pending: boolean | null;
  onInUse: (next: boolean) => void;
  onRename: () => void;
  onMotions: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const ready = avatar.status === 'ready';
  const checked = pending ?? avatar.is_in_use;
  return (
    <Card variant="outlined" data-testid={`avatar-card-${avatar.id}`} data-status={avatar.status}>
      <Box
        component="img"
        src={avatar.still_url ?? avatar.thumb_url ?? avatar.photo_url}
        alt={avatar.name}
        sx={{
          display: 'block',
          width: '100%',
          aspectRatio: '4 / 5',
          objectFit: 'cover',
          bgcolor: 'grey.100',
        }}
      />
      <CardContent sx={{ display: 'grid', gap: 1, pb: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography
            component="h2"
            variant="subtitle1"
            sx={{ fontWeight: 600, flex: 1, overflowWrap: 'anywhere' }}
          >
            {avatar.name}
          </Typography>
          <Chip
            size="small"
            color={STATUS_COLOUR[avatar.status]}
            label={t(`interface.avatars.status.${avatar.status}`)}
            data-testid="avatar-status"
          />
        </Box>
        {isProducing(avatar) && (
          <Box>
            <LinearProgress
              variant="determinate"
              value={avatar.progress}
              aria-label={t(`interface.avatars.status.${avatar.status}`)}
            />
            {avatar.interrupted && (
              <Typography
                variant="caption"
                component="p"
                color="text.secondary"
                data-testid="avatar-interrupted"
              >
                {t('interface.avatars.interrupted')}
              </Typography>
            )}
            {!avatar.interrupted && avatar.eta_seconds !== null && (
              <Typography variant="caption" color="text.secondary" data-testid="avatar-eta">
                {t('interface.avatars.eta', { seconds: avatar.eta_seconds })}
              </Typography>
            )}
          </Box>
        )}
        {avatar.status === 'failed' && avatar.failure_message && (
          <Typography variant="body2" color="error" data-testid="avatar-failure">
            {avatar.failure_message}
          </Typography>
        )}
        {ready && avatar.production_ms !== null && (
          <Typography variant="caption" color="text.secondary">
            {t('interface.avatars.made_in', {
              seconds: Math.max(1, Math.round(avatar.production_ms / 1000)),
            })}
          </Typography>
        )}
        <FormControlLabel
          control={
            <Switch
              checked={checked}
              disabled={!ready || pending !== null}
              onChange={(_e, next) => onInUse(next)}
              slotProps={{
                input: { 'aria-label': t('interface.avatars.in_use_label', { name: avatar.name }) },
              }}
              data-testid="avatar-in-use"
            />
          }
          label={t('interface.avatars.in_use')}
        />
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap' }}>
        <Button size="small" onClick={onMotions} disabled={!ready} data-testid="avatar-motions">
          {t('interface.avatars.motions')}
        </Button>
        <Button size="small" onClick={onRename} data-testid="avatar-rename">
          {t('interface.avatars.rename')}
        </Button>
        <Button size="small" color="error" onClick={onDelete} data-testid="avatar-delete">
          {t('interface.avatars.delete')}
        </Button>
      </CardActions>
    </Card>
  );
}
