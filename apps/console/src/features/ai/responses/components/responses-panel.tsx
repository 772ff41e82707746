import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import {
  DEVICE_KINDS,
  type AiResponse,
  type DeviceKind,
  type Language,
  type Topic,
} from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@/shared/auth/auth-store';
import { formatDateTime } from '@/shared/lib/format-date';
import { DeleteDialog, useDeleteDialog } from '@/shared/ui/delete-dialog';
import { RowAction } from '@/shared/ui/row-action';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { useDeleteResponse } from '../api/delete-response';
import { ComposeResponseDialog } from '../dialogs/compose-response-dialog';
import { aiErrorMessage } from '@/features/ai/common/lib/ai-errors';
import { ResponsePreview } from '@/features/ai/common/components/response-preview';

export type ResponsesPanelProps = {
  topic: Topic;
  language: Language;
  responses: AiResponse[] | undefined;
  loading: boolean;
};

type ComposeState = { key: number; open: boolean; response?: AiResponse };

/** The selected device's kind: the device type responses open on. */
export function useSelectedDeviceKind(): DeviceKind {
  const auth = useAuth();
  return auth.device_list.find((d) => d.id === auth.selected_device)?.kind ?? 'ambassador';
}

/** Responses of a topic for one language and device type, each shown as the device shows it. */
export function ResponsesPanel({ topic, language, responses, loading }: ResponsesPanelProps) {
  const { t, i18n } = useTranslation();
  const deviceKind = useSelectedDeviceKind();
  const [deviceType, setDeviceType] = useState<DeviceKind>(deviceKind);
  const [compose, setCompose] = useState<ComposeState>({ key: 0, open: false });
  const deleteResponse = useDeleteResponse();
  const confirmDelete = useDeleteDialog();

  const ofLanguage = (responses ?? []).filter((r) => r.language === language);
  const rows = ofLanguage.filter((r) => r.device_type === deviceType);
  const openCompose = (response?: AiResponse) =>
    setCompose((c) => ({ key: c.key + 1, open: true, ...(response && { response }) }));

  /** Names the response by what it says, or by its number on the card when it says nothing. */
  const askDelete = (response: AiResponse, number: number) =>
    confirmDelete.ask({
      type: 'response',
      item: response.speech.trim() || `#${number}`,
      run: async () => {
        const result = await notify.run(() => deleteResponse.mutateAsync(response.id), {
          loading: t('common.deleting'),
          success: t('responses.deleted'),
          error: (e) => aiErrorMessage(e, t),
        });
        return result.ok;
      },
    });

  return (
    <Box data-testid="responses-panel">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1, fontSize: 18 }}>
          {t('responses.title')}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={deviceType}
          onChange={(_event, next: DeviceKind | null) => next && setDeviceType(next)}
          aria-label={t('responses.device_type')}
        >
          {DEVICE_KINDS.map((kind) => {
            const count = ofLanguage.filter((r) => r.device_type === kind).length;
            return (
              <ToggleButton
                key={kind}
                value={kind}
                data-testid={`response-device-type-${kind}`}
                sx={{ textTransform: 'none', px: 1.5 }}
              >
                {t(`responses.device_types.${kind}`)}
                {count > 0 ? ` (${count})` : ''}
              </ToggleButton>
            );
          })}
        </ToggleButtonGroup>
        <Button
          variant="contained"
          size="small"
          startIcon={<AddIcon />}
          onClick={() => openCompose()}
          data-testid="response-add"
        >
          {t('responses.add')}
        </Button>
      </Box>
      {loading && !responses ? (
        <Skeleton variant="rounded" height={120} />
      ) : rows.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }} data-testid="responses-empty">
          {t('responses.empty', {
            language: t(`languages.${language}`),
            device: t(`responses.device_types.${deviceType}`),
          })}
        </Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))' }}>
          {rows.map((response, index) => (
            <Paper
              key={response.id}
              variant="outlined"
              sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1 }}
              data-testid={`response-card-${response.id}`}
            >
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Typography variant="subtitle2">#{index + 1}</Typography>
                <Chip
                  size="small"
                  variant="outlined"
                  label={t(`responses.aim.names.${response.response_aim}`)}
                />
                <Typography variant="caption" color="text.secondary" sx={{ flex: 1, textAlign: 'right' }}>
                  {formatDateTime(response.updated_at, i18n.resolvedLanguage ?? 'en')}
                </Typography>
                <RowAction
                  label={t('responses.edit')}
                  item={`#${index + 1}`}
                  icon={<EditOutlined fontSize="small" />}
                  onClick={() => openCompose(response)}
                  testId={`response-edit-${response.id}`}
                />
                <RowAction
                  label={t('common.delete')}
                  item={`#${index + 1}`}
                  icon={<DeleteOutlined fontSize="small" />}
                  onClick={() => askDelete(response, index + 1)}
                  testId={`response-delete-${response.id}`}
                />
              </Box>
              <ResponsePreview response={response} />
            </Paper>
          ))}
        </Box>
      )}
      <ComposeResponseDialog
        key={compose.key}
        open={compose.open}
        intentId={topic.id}
        language={language}
        deviceType={deviceType}
        {...(compose.response && { response: compose.response })}
        onClose={() => setCompose((c) => ({ ...c, open: false }))}
      />
      <DeleteDialog {...confirmDelete.dialogProps} />
    </Box>
  );
}
