import { useRef, useState, type ReactNode } from 'react';
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
import { isRuleKey } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { errorMessage, translateRule } from '@/shared/api/api-error';
import { DialogButtons } from './dialog-buttons';
import { notify } from './snackbar/snackbar-store';

const ACCEPT = ['.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'].join(',');
/** Rows the preview lists; the counts cover them all. */
const SHOWN_ROWS = 200;

/** A problem of a row of the workbook: a rule (translated) or the server's words. */
export type ImportIssue = {
  row: number;
  column: string;
  key: string;
  params: Record<string, string | number>;
  message: string;
};

/** What an import of a workbook does (or would do): counts, the rows, the problems. */
export type ImportReport<R> = {
  applied: boolean;
  add: number;
  update: number;
  unchanged: number;
  rows: R[];
  errors: ImportIssue[];
};

/** The dialog's words, from the string pack of the screen that opens it (already translated). */
export type XlsxImportTexts = {
  title: string;
  hint: string;
  choose: string;
  other: string;
  checking: string;
  failed: string;
  importing: string;
  imported: (report: { add: number; update: number }) => string;
  notImported: string;
  toAdd: (count: number) => string;
  toUpdate: (count: number) => string;
  unchanged: (count: number) => string;
  problems: (count: number) => string;
  fixFirst: string;
  problemsTable: string;
  rowsTable: string;
  row: string;
  column: string;
  problem: string;
  apply: string;
};

export type XlsxImportDialogProps<R> = {
  open: boolean;
  onClose: () => void;
  /** The import call: a preview (nothing changes) or apply. */
  run: {
    mutateAsync: (input: { file: File; mode: 'preview' | 'apply' }) => Promise<ImportReport<R>>;
    isPending: boolean;
  };
  texts: XlsxImportTexts;
  /** The preview's columns after the row number. */
  columns: { header: string; render: (row: R) => ReactNode }[];
  rowKey: (row: R) => number;
  /** Test ids: `<testId>-dialog`, `-input`, `-summary`, `-rows`, `-errors`, `-problem`, `-apply`. */
  testId: string;
};

/**
 * Import a workbook: choose the file, see what it would do (rows to add, to update, unchanged;
 * each bad row with its problem), then apply it. Nothing changes until Apply, and a file with any
 * problem cannot be applied. Mounted afresh (a new `key`) each time it opens. The directory and
 * the locations import with it.
 */
export function XlsxImportDialog<R>({
  open,
  onClose,
  run,
  texts,
  columns,
  rowKey,
  testId,
}: XlsxImportDialogProps<R>) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport<R> | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const preview = async (chosen: File) => {
    setFile(chosen);
    setReport(null);
    setProblem(null);
    try {
      setReport(await run.mutateAsync({ file: chosen, mode: 'preview' }));
    } catch (e) {
      setProblem(errorMessage(e, texts.failed));
    }
  };

  const apply = async () => {
    if (!file || run.isPending) return;
    const result = await notify.run(() => run.mutateAsync({ file, mode: 'apply' }), {
      loading: texts.importing,
      success: (r) => (r.applied ? texts.imported(r) : texts.notImported),
      error: (e) => errorMessage(e, texts.failed),
    });
    if (result.ok && result.data.applied) onClose();
    else if (result.ok) setReport(result.data);
  };

  const issueText = (issue: ImportIssue) =>
    isRuleKey(issue.key) && issue.key !== 'invalid_value'
      ? translateRule(t, { key: issue.key, params: issue.params })
      : issue.message;
  const canApply = report !== null && report.errors.length === 0 && report.add + report.update > 0;
  const titleId = `${testId}-title`;

  return (
    <Dialog
      open={open}
      onClose={(_e, reason) => {
        if (reason !== 'backdropClick' && !run.isPending) onClose();
      }}
      maxWidth="md"
      fullWidth
      aria-labelledby={titleId}
      data-testid={`${testId}-dialog`}
    >
      <DialogTitle id={titleId}>{texts.title}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="body2" color="text.secondary">
          {texts.hint}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            startIcon={<UploadFileOutlined />}
            onClick={() => input.current?.click()}
            disabled={run.isPending}
          >
            {file ? texts.other : texts.choose}
          </Button>
          {file && <Typography variant="body2">{file.name}</Typography>}
          <input
            ref={input}
            type="file"
            accept={ACCEPT}
            hidden
            data-testid={`${testId}-input`}
            onChange={(e) => {
              const chosen = e.target.files?.[0];
              e.target.value = '';
              if (chosen) void preview(chosen);
            }}
          />
        </Box>
        {run.isPending && !report && <Typography variant="body2">{texts.checking}</Typography>}
        {problem && (
          <Alert severity="error" data-testid={`${testId}-problem`}>
            {problem}
          </Alert>
        )}
        {report && (
          <>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} data-testid={`${testId}-summary`}>
              <Chip color="success" variant="outlined" label={texts.toAdd(report.add)} />
              <Chip color="info" variant="outlined" label={texts.toUpdate(report.update)} />
              <Chip variant="outlined" label={texts.unchanged(report.unchanged)} />
              {report.errors.length > 0 && (
                <Chip color="error" label={texts.problems(report.errors.length)} />
              )}
            </Box>
            {report.errors.length > 0 ? (
              <>
                <Alert severity="error">{texts.fixFirst}</Alert>
                <TableContainer sx={{ maxHeight: 320 }}>
                  <Table size="small" stickyHeader aria-label={texts.problemsTable}>
                    <TableHead>
                      <TableRow>
                        <TableCell>{texts.row}</TableCell>
                        <TableCell>{texts.column}</TableCell>
                        <TableCell>{texts.problem}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody data-testid={`${testId}-errors`}>
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
                <Table size="small" stickyHeader aria-label={texts.rowsTable}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{texts.row}</TableCell>
                      {columns.map((column) => (
                        <TableCell key={column.header}>{column.header}</TableCell>
                      ))}
                    </TableRow>
                  </TableHead>
                  <TableBody data-testid={`${testId}-rows`}>
                    {report.rows.slice(0, SHOWN_ROWS).map((row) => (
                      <TableRow key={rowKey(row)}>
                        <TableCell>{rowKey(row)}</TableCell>
                        {columns.map((column) => (
                          <TableCell key={column.header} sx={{ overflowWrap: 'anywhere' }}>
                            {column.render(row)}
                          </TableCell>
                        ))}
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
        submitLabel={texts.apply}
        submitDisabled={!canApply}
        submitTestId={`${testId}-apply`}
        onSubmit={() => void apply()}
      />
    </Dialog>
  );
}
