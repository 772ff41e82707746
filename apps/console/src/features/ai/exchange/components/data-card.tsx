import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import TableViewOutlined from '@mui/icons-material/TableViewOutlined';
import { useTranslation } from 'react-i18next';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { useAiDeviceId } from '@/features/ai/common/api/ai-keys';
import { useExportTopics } from '../api/export-topics';

const ImportDialog = lazy(async () => ({ default: (await import('../dialogs/import-dialog')).ImportDialog }));

/** Export the device's topics to Excel, or import them from one. */
export function DataCard() {
  const { t } = useTranslation();
  const deviceId = useAiDeviceId();
  const exportTopics = useExportTopics();
  const [dialog, setDialog] = useState({ key: 0, open: false });

  const runExport = () => {
    if (deviceId === null || exportTopics.isPending) return;
    void notify.run(() => exportTopics.mutateAsync(deviceId), {
      loading: t('ai.export.exporting'),
      success: ({ filename }) => t('ai.export.done', { filename }),
    });
  };

  return (
    <Card data-testid="ai-data">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <TableViewOutlined color="primary" />
          <Typography sx={{ fontWeight: 600 }}>{t('ai.data.title')}</Typography>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('ai.data.hint')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            startIcon={
              exportTopics.isPending ? (
                <CircularProgress size={16} color="inherit" />
              ) : (
                <FileDownloadOutlined />
              )
            }
            onClick={runExport}
            disabled={deviceId === null || exportTopics.isPending}
            data-testid="ai-export"
          >
            {t('ai.export.button')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<FileUploadOutlined />}
            onClick={() => setDialog((d) => ({ key: d.key + 1, open: true }))}
            disabled={deviceId === null}
            data-testid="ai-import"
          >
            {t('ai.import.button')}
          </Button>
        </Box>
      </CardContent>
      {dialog.key > 0 && (
        <Suspense fallback={null}>
          <ImportDialog
            key={dialog.key}
            open={dialog.open}
            onClose={() => setDialog((d) => ({ ...d, open: false }))}
          />
        </Suspense>
      )}
    </Card>
  );
}
