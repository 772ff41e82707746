import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import KeyOffOutlined from '@mui/icons-material/KeyOffOutlined';
import type { ManagedDevice } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/shared/lib/format-date';
import { formatRelative } from '../lib/relative-time';

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

export function KindChip({ device }: { device: ManagedDevice }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={device.kind === 'ambassador' ? 'primary' : 'default'}
      label={t(`devices.kinds.${device.kind}`)}
    />
  );
}

/** The device's languages in order; the first, its default, is filled. */
export function LanguageChips({ device }: { device: ManagedDevice }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      {device.languages.map((language, index) => {
        const label = t(`languages.${language}`);
        return index === 0 ? (
          <Tooltip key={language} title={t('devices.default_language')}>
            <Chip
              size="small"
              color="primary"
              label={label}
              aria-label={`${label} (${t('devices.default_language')})`}
            />
          </Tooltip>
        ) : (
          <Chip key={language} size="small" variant="outlined" label={label} />
        );
      })}
    </Box>
  );
}

/** Which key the device holds (its first characters) and since when, or a warning that it has none. */
export function KeyCell({ device }: { device: ManagedDevice }) {
  const { t, i18n } = useTranslation();
  if (!device.key_prefix) {
    return (
      <Tooltip title={t('devices.key.none_hint')}>
        <Chip
          size="small"
          color="warning"
          variant="outlined"
          icon={<KeyOffOutlined />}
          label={t('devices.key.none')}
          data-testid={`device-no-key-${device.id}`}
        />
      </Tooltip>
    );
  }
  return (
    <Box data-testid={`device-key-${device.id}`}>
      <Typography sx={{ fontFamily: MONO, fontSize: 14 }}>{`${device.key_prefix}…`}</Typography>
      {device.key_created_at && (
        <Typography variant="caption" color="text.secondary">
          {t('devices.key.created', {
            date: formatDateTime(device.key_created_at, i18n.resolvedLanguage ?? 'en'),
          })}
        </Typography>
      )}
    </Box>
  );
}

/** When an archived device was archived: how long ago, the exact time on hover. */
export function ArchivedCell({ device }: { device: ManagedDevice }) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  if (!device.archived_at) return null;
  return (
    <Tooltip title={formatDateTime(device.archived_at, language)}>
      <Typography variant="body2">{formatRelative(device.archived_at, language)}</Typography>
    </Tooltip>
  );
}

export function LastSeenCell({ device }: { device: ManagedDevice }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  if (!device.last_seen_at) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('devices.last_seen_never')}
      </Typography>
    );
  }
  return (
    <Tooltip title={formatDateTime(device.last_seen_at, language)}>
      <Typography variant="body2">{formatRelative(device.last_seen_at, language)}</Typography>
    </Tooltip>
  );
}
