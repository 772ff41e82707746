import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';
import SkipNextIcon from '@mui/icons-material/SkipNext';
import StopCircleOutlined from '@mui/icons-material/StopCircleOutlined';
import type { Event, LiveRun } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/api/api-error';
import { formatDateTime } from '@/shared/lib/format-date';
import { useLiveStatus } from '@/shared/realtime/live-socket';
import { DialogButtons } from '@/shared/ui/dialog-buttons';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { useControlRun, useLiveRuns } from '../api/event-api';
import { parseRunStep } from '../lib/run-step';

/**
 * Control mode: the runs of the current event going on now on the device's kiosks, live (each
 * kiosk's start, progress and end refresh the list): language, activity, the visitor's step and
 * when it started. Skip moves a run on to its next activity; Stop (asked first) ends it.
 */
export function ControlView({ deviceId, event }: { deviceId: number; event: Event }) {
  const { t, i18n } = useTranslation();
  const runs = useLiveRuns(deviceId, event.id);
  const control = useControlRun();
  const live = useLiveStatus();
  const [stopping, setStopping] = useState<LiveRun | null>(null);

  const act = (run: LiveRun, action: 'skip' | 'stop') =>
    notify.run(() => control.mutateAsync({ deviceId, eventId: event.id, runId: run.run_id, action }), {
      loading: t('common.updating'),
      success: t(`events.control_view.${action}_sent`),
    });

  const activityOf = (run: LiveRun) =>
    t('events.activity.name', {
      number: run.activity_index + 1,
      type: run.activity_type ? t(`events.activity.types.${run.activity_type}`) : '—',
    });

  // The visitor's step in the operator's language; one this console does not know, as the kiosk said it.
  const stepOf = (run: LiveRun) => {
    const step = parseRunStep(run.step);
    if (!step) return run.step || '—';
    return 'n' in step
      ? t(`events.control_view.steps.${step.kind}`, { n: step.n, total: step.total })
      : t(`events.control_view.steps.${step.kind}`);
  };

  if (!event.is_active) {
    return <Alert severity="info">{t('events.control_view.not_current')}</Alert>;
  }
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 280px' }}>
          {live.connected ? t('events.control_view.intro') : t('events.control_view.offline')}
        </Typography>
        <Button
          size="small"
          startIcon={<RefreshIcon />}
          onClick={() => void runs.refetch()}
          disabled={runs.isFetching}
          data-testid="control-refresh"
        >
          {t('events.control_view.refresh')}
        </Button>
      </Box>
      {runs.isError ? (
        <Alert severity="error">{errorMessage(runs.error, t('errors.unknown'))}</Alert>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t('events.control_view.table')} data-testid="control-runs">
            <TableHead>
              <TableRow>
                <TableCell>{t('events.control_view.language')}</TableCell>
                <TableCell>{t('events.control_view.activity')}</TableCell>
                <TableCell>{t('events.control_view.step')}</TableCell>
                <TableCell>{t('events.control_view.started')}</TableCell>
                <TableCell align="right">{t('events.columns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody aria-busy={runs.isFetching}>
              {(runs.data ?? []).map((run) => (
                <TableRow key={run.run_id} data-testid={`control-run-${run.run_id}`}>
                  <TableCell>{t(`languages.${run.language}`)}</TableCell>
                  <TableCell>{activityOf(run)}</TableCell>
                  <TableCell>{stepOf(run)}</TableCell>
                  <TableCell>{formatDateTime(run.started_at, i18n.resolvedLanguage ?? 'en')}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Button
                      size="small"
                      startIcon={<SkipNextIcon />}
                      onClick={() => void act(run, 'skip')}
                      aria-label={`${t('events.control_view.skip')}: ${activityOf(run)}`}
                      data-testid={`control-skip-${run.run_id}`}
                    >
                      {t('events.control_view.skip')}
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      startIcon={<StopCircleOutlined />}
                      onClick={() => setStopping(run)}
                      aria-label={`${t('events.control_view.stop')}: ${activityOf(run)}`}
                      data-testid={`control-stop-${run.run_id}`}
                    >
                      {t('events.control_view.stop')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
              {runs.data?.length === 0 && (
                <TableRow>
                  <TableCell colSpan={5} sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>
                    {t('events.control_view.none')}
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Dialog
        open={stopping !== null}
        onClose={() => setStopping(null)}
        maxWidth={false}
        fullWidth
        slotProps={{ paper: { sx: { maxWidth: 400 } } }}
        aria-labelledby="stop-run-title"
        data-testid="stop-run-dialog"
      >
        <DialogTitle id="stop-run-title">{t('events.control_view.stop_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('events.control_view.stop_body')}</DialogContentText>
        </DialogContent>
        <DialogButtons
          onCancel={() => setStopping(null)}
          submitting={control.isPending}
          submitLabel={t('events.control_view.stop')}
          color="error"
          submitTestId="stop-run-confirm"
          onSubmit={() => {
            const run = stopping;
            if (!run) return;
            // Stopped, or already over (run_ended): either way the run leaves the list.
            void act(run, 'stop').then(() => setStopping(null));
          }}
        />
      </Dialog>
    </Box>
  );
}
