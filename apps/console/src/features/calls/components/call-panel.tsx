import { useEffect, useRef, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CallEndIcon from '@mui/icons-material/CallEnd';
import PhoneIcon from '@mui/icons-material/Phone';
import VideocamOffOutlined from '@mui/icons-material/VideocamOffOutlined';
import type { Call } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { formatCallTime, formatDuration, secondsSince } from '../lib/call-format';
import { isInCall, type ActiveCall } from '../lib/use-operator-call';
import { useNow } from '../lib/use-now';
import { CallStatusChip } from './call-status-chip';
import { Spinner } from '@/shared/ui/spinner';

/** A <video> showing a MediaStream (srcObject cannot be set as an attribute). */
function StreamVideo({
  stream,
  muted,
  label,
  testId,
  sx,
}: {
  stream: MediaStream | null;
  muted: boolean;
  label: string;
  testId: string;
  sx: object;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video || !('srcObject' in video)) return;
    if (video.srcObject !== stream) video.srcObject = stream;
  }, [stream]);
  return (
    <Box
      component="video"
      ref={ref}
      autoPlay
      playsInline
      muted={muted}
      aria-label={label}
      data-testid={testId}
      data-live={stream ? 'true' : 'false'}
      sx={sx}
    />
  );
}

export type CallPanelProps = {
  /** The selected call as the list knows it; undefined while it loads or when it is not there. */
  call: Call | undefined;
  selectedId: string | null;
  listLoading: boolean;
  /** This tab's call, whichever it is. */
  active: ActiveCall | null;
  username: string;
  onAnswer: (call: Call) => void;
  onHangUp: () => void;
  onEndElsewhere: (call: Call) => void;
};

/**
 * The selected call: the visitor's video large, the operator's camera small, Answer / Hang up,
 * the status in words and a running duration.
 */
export function CallPanel({
  call,
  selectedId,
  listLoading,
  active,
  username,
  onAnswer,
  onHangUp,
  onEndElsewhere,
}: CallPanelProps) {
  const { t, i18n } = useTranslation();
  const mine = call && active?.realSessionId === call.real_session_id ? active : null;
  const busyElsewhere = isInCall(active) && !mine;
  const phase = mine?.phase;
  const running =
    phase === 'connected' ||
    phase === 'reconnecting' ||
    (!mine && call?.status === 'answered' && call.answered_at !== null);
  const now = useNow(running);

  if (!selectedId) {
    return (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }} data-testid="call-panel" data-state="none">
        <Typography color="text.secondary">{t('calls.panel.none')}</Typography>
      </Paper>
    );
  }
  if (!call) {
    return (
      <Paper
        variant="outlined"
        sx={{ p: 4, textAlign: 'center' }}
        data-testid="call-panel"
        data-state="loading"
      >
        {listLoading ? (
          <Spinner />
        ) : (
          <Typography color="text.secondary">{t('calls.panel.not_found')}</Typography>
        )}
      </Paper>
    );
  }

  const device = call.device_name;
  // Running: counted here. Afterwards: the server's figure, which both sides agree on.
  const durationSeconds: number | null = running
    ? mine?.connectedAt
      ? Math.max(0, Math.floor((now - mine.connectedAt) / 1000))
      : secondsSince(call.answered_at, now)
    : (call.duration_seconds ??
      (mine?.connectedAt ? Math.max(0, Math.floor((now - mine.connectedAt) / 1000)) : null));

  // What the operator is told, and which state the panel is in.
  let state: string;
  let message: ReactNode = null;
  let severity: 'info' | 'success' | 'warning' | 'error' = 'info';
  if (mine && phase !== 'ended') {
    state = phase ?? 'connecting';
    if (phase === 'answering') message = t('calls.panel.answering');
    else if (phase === 'connecting') message = t('calls.panel.connecting', { device });
    else if (phase === 'connected') {
      message = t('calls.panel.connected');
      severity = 'success';
    } else if (phase === 'reconnecting') {
      message = t('calls.panel.reconnecting');
      severity = 'warning';
    } else if (phase === 'failed') {
      message = t('calls.panel.failed');
      severity = 'error';
    }
  } else if (mine && phase === 'ended') {
    state = 'ended';
    message = mine.endedBy === 'operator' ? t('calls.panel.ended_by_you') : t('calls.panel.ended_remote');
  } else if (call.status === 'ringing') {
    state = 'ringing';
    message = t('calls.panel.ringing', { device });
    severity = 'warning';
  } else if (call.status === 'answered') {
    state = 'answered';
    message =
      call.answered_by && call.answered_by === username
        ? t('calls.panel.answered_elsewhere')
        : t('calls.panel.answered_by', { name: call.answered_by ?? '' });
  } else if (call.status === 'missed') {
    state = 'missed';
    message = t('calls.panel.missed');
    severity = 'error';
  } else {
    state = 'ended';
    message = call.answered_by
      ? `${t('calls.panel.ended')} ${t('calls.panel.answered_by', { name: call.answered_by })}`
      : t('calls.panel.ended');
  }

  const inThisCall = Boolean(mine && phase !== 'ended');
  const showVideo = inThisCall;
  const mediaNote =
    inThisCall && mine?.mediaMode === 'audio_only'
      ? t('calls.panel.audio_only')
      : inThisCall && mine?.mediaMode === 'receive_only'
        ? t('calls.panel.receive_only')
        : null;

  let actions: ReactNode = null;
  if (inThisCall) {
    actions = (
      <Button
        variant="contained"
        color="error"
        startIcon={<CallEndIcon />}
        onClick={onHangUp}
        disabled={phase === 'answering'}
        data-testid="call-hangup"
      >
        {t('calls.actions.hang_up')}
      </Button>
    );
  } else if (call.status === 'ringing' && !mine) {
    actions = (
      <Button
        variant="contained"
        color="success"
        startIcon={<PhoneIcon />}
        onClick={() => onAnswer(call)}
        disabled={busyElsewhere}
        data-testid="call-answer"
      >
        {t('calls.actions.answer')}
      </Button>
    );
  } else if (call.status === 'answered' && call.answered_by === username && !mine) {
    actions = (
      <Button
        variant="outlined"
        color="error"
        startIcon={<CallEndIcon />}
        onClick={() => onEndElsewhere(call)}
        data-testid="call-hangup"
      >
        {t('calls.actions.end_call')}
      </Button>
    );
  }

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, display: 'grid', gap: 2 }}
      data-testid="call-panel"
      data-state={state}
      data-call={call.real_session_id}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h2" sx={{ wordBreak: 'break-word' }}>
            {device}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('calls.panel.started', { time: formatCallTime(call.created_at, i18n.language) })}
          </Typography>
        </Box>
        <CallStatusChip status={call.status} />
      </Box>

      <Box
        sx={{
          position: 'relative',
          aspectRatio: '16 / 9',
          bgcolor: 'grey.900',
          borderRadius: 1,
          overflow: 'hidden',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        <StreamVideo
          stream={showVideo ? (mine?.remoteStream ?? null) : null}
          muted={false}
          label={t('calls.panel.remote_video')}
          testId="remote-video"
          sx={{
            position: 'absolute',
            inset: 0,
            width: '100%',
            height: '100%',
            objectFit: 'contain',
            visibility: showVideo && mine?.remoteStream ? 'visible' : 'hidden',
          }}
        />
        {!(showVideo && mine?.remoteStream) && (
          <Box sx={{ color: 'grey.400', textAlign: 'center', px: 3, zIndex: 1 }}>
            {phase === 'answering' || phase === 'connecting' ? (
              <Spinner color="inherit" />
            ) : (
              <VideocamOffOutlined sx={{ fontSize: 48 }} aria-hidden />
            )}
          </Box>
        )}
        <StreamVideo
          stream={showVideo ? (mine?.localStream ?? null) : null}
          // The operator's own voice is never played back to them.
          muted
          label={t('calls.panel.local_video')}
          testId="local-video"
          sx={{
            position: 'absolute',
            right: 12,
            bottom: 12,
            width: '24%',
            minWidth: 120,
            aspectRatio: '4 / 3',
            objectFit: 'cover',
            bgcolor: 'grey.800',
            borderRadius: 1,
            border: 2,
            borderColor: 'common.white',
            transform: 'scaleX(-1)',
            display: showVideo && mine?.localStream ? 'block' : 'none',
          }}
        />
      </Box>

      <Alert severity={severity} data-testid="call-message" sx={{ alignItems: 'center' }}>
        {message}
      </Alert>
      {mediaNote && (
        <Alert severity="warning" data-testid="call-media-note">
          {mediaNote}
        </Alert>
      )}
      {busyElsewhere && call.status === 'ringing' && (
        <Typography variant="body2" color="text.secondary">
          {t('calls.panel.busy')}
        </Typography>
      )}

      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography
          sx={{ flex: 1, fontVariantNumeric: 'tabular-nums' }}
          color="text.secondary"
          data-testid="call-duration"
        >
          {durationSeconds !== null && (running || call.status === 'ended' || phase === 'ended')
            ? t('calls.panel.duration', { duration: formatDuration(durationSeconds) })
            : ''}
        </Typography>
        {actions}
      </Box>
    </Paper>
  );
}
