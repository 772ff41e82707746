import { lazy, Suspense, useState } from 'react';
import type { ExchangeTable } from '@ambassador/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import TableViewOutlined from '@mui/icons-material/TableViewOutlined';
import { useTranslation } from 'react-i18next';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { useAiDeviceId } from '@/features/ai/common/api/ai-keys';
import { useExportTopics, type ExportChoice } from '../api/export-topics';
import { Spinner } from '@/shared/ui/spinner';

const ImportDialog = lazy(async () => ({ default: (await import('../dialogs/import-dialog')).ImportDialog }));

/** The CSV tables in the menu's order: keywords first, the table bulk teaching edits. */
const CSV_TABLES: ExchangeTable[] = ['keywords', 'topics', 'responses'];

/** Export the device's topics to Excel or a table of them to CSV, or import either. */
export function DataCard() {
  const { t } = useTranslation();
  const deviceId = useAiDeviceId();
  const exportTopics = useExportTopics();
  const [dialog, setDialog] = useState({ key: 0, open: false });
  const [csvMenu, setCsvMenu] = useState<HTMLElement | null>(null);

  const runExport = (choice: ExportChoice) => {
    setCsvMenu(null);
    if (deviceId === null || exportTopics.isPending) return;
    void notify.run(() => exportTopics.mutateAsync({ deviceId, ...choice }), {
      loading: t('ai.export.exporting'),
      success: ({ filename }) => t('ai.export.done', { filename }),
    });
  };
  const exporting = (format: ExportChoice['format']) =>
    exportTopics.isPending && exportTopics.variables?.format === format;

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
            startIcon={exporting('xlsx') ? <Spinner size={16} color="inherit" /> : <FileDownloadOutlined />}
            onClick={() => runExport({ format: 'xlsx' })}
            disabled={deviceId === null || exportTopics.isPending}
            data-testid="ai-export"
          >
            {t('ai.export.button')}
          </Button>
          <Button
            variant="outlined"
            id="ai-export-csv"
            startIcon={exporting('csv') ? <Spinner size={16} color="inherit" /> : <FileDownloadOutlined />}
            endIcon={<ArrowDropDown />}
            onClick={(event) => setCsvMenu(event.currentTarget)}
            disabled={deviceId === null || exportTopics.isPending}
            aria-haspopup="menu"
            aria-expanded={csvMenu ? 'true' : undefined}
            aria-controls={csvMenu ? 'ai-export-csv-menu' : undefined}
            data-testid="ai-export-csv"
          >
            {t('ai.export.csv_button')}
          </Button>
          <Menu
            id="ai-export-csv-menu"
            anchorEl={csvMenu}
            open={Boolean(csvMenu)}
            onClose={() => setCsvMenu(null)}
            // Kept inside the page's main landmark (axe's region rule), not in a portal after it.
            disablePortal
            slotProps={{ list: { 'aria-labelledby': 'ai-export-csv' } }}
          >
            {CSV_TABLES.map((table) => (
              <MenuItem
                key={table}
                onClick={() => runExport({ format: 'csv', table })}
                data-testid={`ai-export-csv-${table}`}
              >
                {t(`ai.export.csv_${table}`)}
              </MenuItem>
            ))}
          </Menu>
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
