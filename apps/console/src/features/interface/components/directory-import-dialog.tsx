import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { DIRECTORY_MAX_UNITS, isRuleKey, type DirectoryImportReport } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { errorMessage, translateRule } from '@/shared/api/api-error';
import { DialogButtons } from '@/shared/ui/dialog-buttons';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { useImportDirectory } from '../api/directory';

const ACCEPT = ['.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'].join(',');
/** Rows the preview lists; the counts cover them all. */
const SHOWN_ROWS = 200;

/**
 * Import a directory workbook: choose the file, see what it would do (units to add, to update,
 * unchanged; each bad row with its problem), then apply it. Nothing changes until Apply, and a file
 * with any problem cannot be applied. Mounted afresh (a new `key`) each time it opens.
 */
export function DirectoryImportDialog({
  open,
  deviceId,
  onClose,
}: {
  open: boolean;
  deviceId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const run = useImportDirectory();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<DirectoryImportReport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const preview = async (chosen: File) => {
    setFile(chosen);
    setReport(null);
    setProblem(null);
    try {
      setReport(await run.mutateAsync({ deviceId, file: chosen, mode: 'preview' }));
    } catch (e) {
      setProblem(errorMessage(e, t('interface.directory.import_failed')));
    }
  };

  const apply = async () => {
    if (!file || run.isPending) return;
    const result = await notify.run(() => run.mutateAsync({ deviceId, file, mode: 'apply' }), {
      loading: t('interface.directory.importing'),
      success: (r) =>
        r.applied
          ? t('interface.directory.imported', { add: r.add, update: r.update })
          : t('interface.directory.not_imported'),
      error: (e) => errorMessage(e, t('interface.directory.import_failed')),
    });
    if (result.ok && result.data.applied) onClose();
    else if (result.ok) setReport(result.data);
  };

  const issueText = (issue: DirectoryImportReport['errors'][number]) =>
    isRuleKey(issue.key) && issue.key !== 'invalid_value'
      ? translateRule(t, { key: issue.key, params: issue.params })
      : issue.message;
  const canApply = report !== null && report.errors.length === 0 && report.add + report.update > 0;

  return (
    <Dialog
      open={open}
      onClose={(_e, reason) => {
        if (reason !== 'backdropClick' && !run.isPending) onClose();
      }}
      maxWidth="md"
      fullWidth
      aria-labelledby="directory-import-title"
      data-testid="directory-import-dialog"
    >
      <DialogTitle id="directory-import-title">{t('interface.directory.import_title')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="body2" color="text.secondary">
          {t('interface.directory.import_hint', { max: DIRECTORY_MAX_UNITS.toLocaleString() })}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            startIcon={<UploadFileOutlined />}
            onClick={() => input.current?.click()}
            disabled={run.isPending}
          >
            {file ? t('interface.directory.import_other') : t('interface.directory.import_choose')}
          </Button>
          {file && <Typography variant="body2">{file.name}</Typography>}
          <input
            ref={input}
            type="file"
            accept={ACCEPT}
            hidden
            data-testid="directory-import-input"
            onChange={(e) => {
              const chosen = e.target.files?.[0];
              e.target.value = '';
              if (chosen) void preview(chosen);
            }}
          />
        </Box>
        {run.isPending && !report && (
          <Typography variant="body2">{t('interface.directory.checking')}</Typography>
        )}
        {problem && (
          <Alert severity="error" data-testid="directory-import-problem">
            {problem}
          </Alert>
        )}
        {report && (
          <>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} data-testid="directory-import-summary">
              <Chip
                color="success"
                variant="outlined"
                label={t('interface.directory.to_add', { count: report.add })}
              />
              <Chip
                color="info"
                variant="outlined"
                label={t('interface.directory.to_update', { count: report.update })}
              />
              <Chip
                variant="outlined"
                label={t('interface.directory.unchanged', { count: report.unchanged })}
              />
              {report.errors.length > 0 && (
                <Chip
                  color="error"
                  label={t('interface.directory.problems', { count: report.errors.length })}
                />
              )}
            </Box>
            {report.errors.length > 0 ? (
              <>
                <Alert severity="error">{t('interface.directory.fix_first')}</Alert>
                <TableContainer sx={{ maxHeight: 320 }}>
                  <Table size="small" stickyHeader aria-label={t('interface.directory.problems_table')}>
                    <TableHead>
                      <TableRow>
                        <TableCell>{t('interface.directory.row')}</TableCell>
                        <TableCell>{t('interface.directory.column')}</TableCell>
                        <TableCell>{t('interface.directory.problem')}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody data-testid="directory-import-errors">
                      {report.errors.map((issue, i) => (
                        <TableRow key={`${issue.row}-${issue.column}-${i}`}>
                          <TableCell>{issue.row}</TableCell>
                          <TableCell>{issue.column}</TableCell>
                          <TableCell sx={{ overflowWrap: 'anywhere' }}>{issueText(issue)}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </TableContainer>
              </>
            ) : (
              <TableContainer sx={{ maxHeight: 320 }}>
                <Table size="small" stickyHeader aria-label={t('interface.directory.rows_table')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('interface.directory.row')}</TableCell>
                      <TableCell>{t('interface.directory.unit')}</TableCell>
                      <TableCell>{t('interface.directory.name')}</TableCell>
                      <TableCell>{t('interface.directory.action')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody data-testid="directory-import-rows">
                    {report.rows.slice(0, SHOWN_ROWS).map((row) => (
                      <TableRow key={row.row}>
                        <TableCell>{row.row}</TableCell>
                        <TableCell>{row.unit}</TableCell>
                        <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.name}</TableCell>
                        <TableCell>{t(`interface.directory.actions_${row.action}`)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
          </>
        )}
      </DialogContent>
      <DialogButtons
        onCancel={onClose}
        submitting={run.isPending}
        submitLabel={t('interface.directory.apply')}
        submitDisabled={!canApply}
        submitTestId="directory-import-apply"
        onSubmit={() => void apply()}
      />
    </Dialog>
  );
}
