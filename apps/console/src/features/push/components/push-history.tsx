import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import RecordVoiceOverOutlined from '@mui/icons-material/RecordVoiceOverOutlined';
import type { Push } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/api/api-error';
import { formatDateTime } from '@/shared/lib/format-date';
import { DataTable, type Column } from '@/shared/ui/data-table';
import { languagesOf, previewText } from '../lib/push-form';
import type { PushesPage } from '../api/push-keys';
import { DeliveryChip } from './delivery-chip';

export type PushHistoryProps = {
  data: PushesPage | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
};

/** The project's pushes, newest first, with each device's delivery. */
export function PushHistory({
  data,
  loading,
  error,
  onRetry,
  page,
  pageSize,
  onPageChange,
}: PushHistoryProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';

  const columns: Column<Push>[] = [
    {
      id: 'time',
      header: t('push.history.columns.time'),
      width: 170,
      render: (push) => formatDateTime(push.created_at, language),
    },
    { id: 'by', header: t('push.history.columns.by'), width: 120, render: (push) => push.created_by },
    {
      id: 'message',
      header: t('push.history.columns.message'),
      render: (push) => {
        const preview = previewText(push.texts);
        const languages = languagesOf(push.texts);
        return (
          <Tooltip
            title={languages.map((l) => (
              <Box key={l} sx={{ whiteSpace: 'pre-wrap', mb: 0.5 }}>
                <b>{t(`languages.${l}`)}</b>: {push.texts[l]}
              </Box>
            ))}
          >
            <Box sx={{ minWidth: 180, maxWidth: 360 }}>
              <Typography
                variant="body2"
                data-testid="push-text-preview"
                sx={{
                  display: '-webkit-box',
                  WebkitLineClamp: 2,
                  WebkitBoxOrient: 'vertical',
                  overflow: 'hidden',
                  whiteSpace: 'pre-wrap',
                  overflowWrap: 'anywhere',
                }}
              >
                {preview?.text ?? ''}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {languages.map((l) => t(`languages.${l}`)).join(' · ')}
              </Typography>
            </Box>
          </Tooltip>
        );
      },
    },
    {
      id: 'image',
      header: t('push.history.columns.image'),
      width: 90,
      render: (push) =>
        push.image_url ? (
          <Box
            component="img"
            src={push.image_url}
            alt={t('push.image.alt')}
            loading="lazy"
            sx={{ width: 64, height: 48, objectFit: 'cover', borderRadius: 0.5, display: 'block' }}
            data-testid="push-image-thumb"
          />
        ) : (
          <Typography variant="body2" color="text.disabled" aria-label={t('push.history.no_image')}>
            —
          </Typography>
        ),
    },
    {
      id: 'duration',
      header: t('push.history.columns.duration'),
      width: 110,
      render: (push) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          {t('push.history.seconds', { count: push.duration_seconds })}
          {push.speak && (
            <Tooltip title={t('push.history.spoken')}>
              <RecordVoiceOverOutlined
                fontSize="small"
                color="action"
                aria-label={t('push.history.spoken')}
                data-testid="push-spoken"
              />
            </Tooltip>
          )}
        </Box>
      ),
    },
    {
      id: 'devices',
      header: t('push.history.columns.devices'),
      render: (push) => (
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', minWidth: 200 }}>
          {push.deliveries.map((delivery) => (
            <DeliveryChip key={delivery.device_id} pushId={push.id} delivery={delivery} />
          ))}
        </Box>
      ),
    },
  ];

  return (
    <DataTable
      columns={columns}
      rows={data?.rows}
      rowKey={(push) => push.id}
      rowTestId={(push) => `push-row-${push.id}`}
      total={data?.total ?? 0}
      page={page}
      pageSize={pageSize}
      onPageChange={onPageChange}
      loading={loading}
      error={error ? errorMessage(error, t('errors.unknown')) : null}
      onRetry={onRetry}
      emptyText={t('push.history.empty')}
      ariaLabel={t('push.history.title')}
      testId="push-history"
    />
  );
}
