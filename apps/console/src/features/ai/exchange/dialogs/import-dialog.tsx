import { useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import type { ImportReport } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/api/api-error';
import { DialogButtons } from '@/shared/ui/dialog-buttons';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { useAiDeviceId } from '@/features/ai/common/api/ai-keys';
import { useImportTopics, type BlankKind } from '../api/import-topics';
import { Spinner } from '@/shared/ui/spinner';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Workbooks, and CSV text (Excel's "Unicode Text" is a tab-separated .txt); the server checks the bytes. */
const ACCEPT = ['.xlsx', '.csv', '.tsv', '.txt', XLSX_TYPE, 'text/csv', 'text/tab-separated-values'].join(
  ',',
);

function NameList({ title, names, testId }: { title: string; names: string[]; testId: string }) {
  const { t } = useTranslation();
  return (
    <Box data-testid={testId}>
      <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
        {title} <Chip size="small" label={names.length} sx={{ ml: 0.5 }} />
      </Typography>
      {names.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('ai.import.none')}
        </Typography>
      ) : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, maxHeight: 96, overflowY: 'auto' }}>
          {names.map((name) => (
            <Chip key={name} size="small" variant="outlined" label={name} />
          ))}
        </Box>
      )}
    </Box>
  );
}

/** The Keywords rows by their Kind cell, and the question of what the blank ones are. */
function KindCounts({
  report,
  blankKind,
  onBlankKind,
  disabled,
}: {
  report: ImportReport;
  blankKind: BlankKind | null;
  onBlankKind: (kind: BlankKind) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const { keyword, phrase, blank } = report.keyword_kinds;
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="body2" data-testid="import-kinds">
        {t('ai.import.kinds', { keyword, phrase, blank })}
      </Typography>
      {blank > 0 && (
        <FormControl
          component="fieldset"
          data-testid="import-blank-kind"
          sx={{ border: 1, borderColor: 'warning.main', borderRadius: 1, px: 2, py: 1 }}
        >
          <FormLabel component="legend" id="import-blank-kind-label" sx={{ color: 'text.primary', px: 0.5 }}>
            {t('ai.import.blank_question', { count: blank })}
          </FormLabel>
          <RadioGroup
            row
            aria-labelledby="import-blank-kind-label"
            value={blankKind ?? ''}
            onChange={(event) => onBlankKind(event.target.value as BlankKind)}
          >
            <FormControlLabel
              value="keyword"
              control={<Radio />}
              label={t('ai.import.blank_keyword')}
              disabled={disabled}
              data-testid="import-blank-keyword"
            />
            <FormControlLabel
              value="phrase"
              control={<Radio />}
              label={t('ai.import.blank_phrase')}
              disabled={disabled}
              data-testid="import-blank-phrase"
            />
          </RadioGroup>
          {blankKind === null && (
            <Typography variant="body2" color="text.secondary">
              {t('ai.import.blank_needed')}
            </Typography>
          )}
        </FormControl>
      )}
    </Box>
  );
}

function PreviewSummary({ report, children }: { report: ImportReport; children: ReactNode }) {
  const { t } = useTranslation();
  const nothing =
    report.categories_created.length === 0 &&
    report.topics_created.length === 0 &&
    report.topics_changed.length === 0;
  const table = report.tables[0];
  // Counts of the tables the file has: a keywords CSV file says nothing about responses.
  const { keywords, responses } = report;
  const hasKeywords = report.tables.includes('keywords');
  const hasResponses = report.tables.includes('responses');
  const counts =
    hasKeywords && hasResponses
      ? t('ai.import.counts', { keywords, responses })
      : hasKeywords
        ? t('ai.import.counts_keywords', { keywords })
        : hasResponses
          ? t('ai.import.counts_responses', { responses })
          : null;
  return (
    <Box data-testid="import-preview" sx={{ display: 'grid', gap: 1.5 }}>
      <Alert severity={nothing ? 'info' : 'success'}>
        {nothing ? t('ai.import.nothing_to_change') : t('ai.import.ready')}
      </Alert>
      {report.format === 'csv' && table && (
        <Typography variant="body2" data-testid="import-read-as">
          {t('ai.import.read_as_csv', { table: t(`ai.import.table_${table}`) })}
        </Typography>
      )}
      <NameList
        title={t('ai.import.categories_created')}
        names={report.categories_created}
        testId="import-categories-created"
      />
      <NameList
        title={t('ai.import.topics_created')}
        names={report.topics_created}
        testId="import-topics-created"
      />
      <NameList
        title={t('ai.import.topics_changed')}
        names={report.topics_changed}
        testId="import-topics-changed"
      />
      {counts && (
        <Typography variant="body2" data-testid="import-counts">
          {counts}
        </Typography>
      )}
      {children}
    </Box>
  );
}

function ErrorTable({ report }: { report: ImportReport }) {
  const { t } = useTranslation();
  return (
    <Box data-testid="import-errors" sx={{ display: 'grid', gap: 1 }}>
      <Alert severity="error">{t('ai.import.has_errors', { count: report.errors.length })}</Alert>
      <TableContainer sx={{ maxHeight: 280, border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" stickyHeader aria-label={t('ai.import.errors_label')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('ai.import.sheet')}</TableCell>
              <TableCell>{t('ai.import.row')}</TableCell>
              <TableCell>{t('ai.import.column')}</TableCell>
              <TableCell>{t('ai.import.message')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {report.errors.map((issue, index) => (
              <TableRow key={`${issue.sheet}-${issue.row}-${issue.column}-${index}`}>
                <TableCell>{issue.sheet}</TableCell>
                <TableCell>{issue.row}</TableCell>
                <TableCell>{issue.column}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{issue.message}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}

/**
 * Import from Excel or CSV: pick the xlsx (the export's layout) or a CSV file of one of its tables,
 * see what it would create and change or which rows are wrong, say what rows with a blank Kind are,
 * then apply. Nothing changes before Apply. Mount with a fresh key per opening.
 */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const deviceId = useAiDeviceId();
  const importTopics = useImportTopics();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  // Asked anew for every file: an answer given for one file says nothing about the next.
  const [blankKind, setBlankKind] = useState<BlankKind | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [applying, setApplying] = useState(false);
  const busy = previewing || applying;

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0] ?? null;
    // The same file can be picked again after fixing it.
    event.target.value = '';
    if (!picked || deviceId === null) return;
    setFile(picked);
    setReport(null);
    setBlankKind(null);
    setPreviewError(null);
    setPreviewing(true);
    try {
      setReport(await importTopics.mutateAsync({ deviceId, file: picked, mode: 'preview' }));
    } catch (error) {
      setPreviewError(errorMessage(error, t('errors.unknown')));
    } finally {
      setPreviewing(false);
    }
  };

  const needsKind = (report?.keyword_kinds.blank ?? 0) > 0;
  const apply = async () => {
    if (!file || !report || report.errors.length > 0 || deviceId === null || busy) return;
    if (needsKind && blankKind === null) return;
    setApplying(true);
    const input = { deviceId, file, mode: 'apply' as const, ...(needsKind && blankKind && { blankKind }) };
    const result = await notify.run(() => importTopics.mutateAsync(input), {
      loading: t('ai.import.applying'),
      success: (applied) =>
        applied.errors.length > 0
          ? t('ai.import.not_applied')
          : applied.matcher?.state === 'training'
            ? t('ai.import.applied_learning')
            : t('ai.import.applied'),
    });
    setApplying(false);
    if (!result.ok) return;
    if (result.data.errors.length > 0) {
      // The file changed between preview and apply: show what is wrong now.
      setReport(result.data);
      return;
    }
    onClose();
  };

  const canApply = Boolean(
    file && report && report.errors.length === 0 && !busy && (!needsKind || blankKind !== null),
  );

  return (
    <Dialog
      open={open}
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick' && !busy) onClose();
      }}
      maxWidth={false}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: 640 } } }}
      aria-labelledby="import-dialog-title"
      data-testid="import-dialog"
    >
      <DialogTitle id="import-dialog-title">{t('ai.import.title')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="body2" color="text.secondary">
          {t('ai.import.hint')}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            startIcon={previewing ? <Spinner size={16} /> : <UploadFileOutlined />}
            onClick={() => input.current?.click()}
            disabled={busy}
            data-testid="import-pick"
          >
            {file ? t('ai.import.pick_other') : t('ai.import.pick')}
          </Button>
          <input
            ref={input}
            type="file"
            hidden
            accept={ACCEPT}
            onChange={(event) => void pick(event)}
            data-testid="import-file"
          />
          {file && (
            <Typography variant="body2" noWrap sx={{ minWidth: 0, flex: 1 }} data-testid="import-file-name">
              {file.name}
            </Typography>
          )}
        </Box>
        {previewing && (
          <Typography variant="body2" color="text.secondary">
            {t('ai.import.checking')}
          </Typography>
        )}
        {previewError && <Alert severity="error">{previewError}</Alert>}
        {report &&
          (report.errors.length > 0 ? (
            <ErrorTable report={report} />
          ) : (
            <PreviewSummary report={report}>
              {report.tables.includes('keywords') && (
                <KindCounts
                  report={report}
                  blankKind={blankKind}
                  onBlankKind={setBlankKind}
                  disabled={busy}
                />
              )}
            </PreviewSummary>
          ))}
      </DialogContent>
      <DialogButtons
        onCancel={() => !busy && onClose()}
        submitting={applying}
        submitLabel={t('ai.import.apply')}
        onSubmit={() => void apply()}
        submitDisabled={!canApply}
        submitTestId="import-apply"
      />
    </Dialog>
  );
}
