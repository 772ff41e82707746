import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListSubheader from '@mui/material/ListSubheader';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import PhoneIcon from '@mui/icons-material/Phone';
import type { Call } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { formatCallTime } from '../lib/call-format';
import { CallStatusChip } from './call-status-chip';

export type CallListProps = {
  calls: Call[] | undefined;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  selectedId: string | null;
  onSelect: (call: Call) => void;
  onAnswer: (call: Call) => void;
  /** Why Answer is disabled (already in a call), or null. */
  answerDisabledReason: string | null;
  /** The call this tab is answering right now: its button shows that. */
  answeringId: string | null;
};

function CallRow({
  call,
  selected,
  onSelect,
  action,
}: {
  call: Call;
  selected: boolean;
  onSelect: () => void;
  action?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Box
      component="li"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: action ? 1.5 : 0 }}
      data-testid={`call-row-${call.real_session_id}`}
    >
      <ListItemButton
        selected={selected}
        onClick={onSelect}
        aria-current={selected ? 'true' : undefined}
        sx={{ alignItems: 'flex-start', gap: 1.5, py: 1.25, minWidth: 0 }}
      >
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, justifyContent: 'space-between' }}>
            <Typography sx={{ fontWeight: 600, wordBreak: 'break-word' }}>{call.device_name}</Typography>
            <CallStatusChip status={call.status} />
          </Box>
          <Typography variant="body2" color="text.secondary">
            {formatCallTime(call.created_at, i18n.language)}
            {call.status !== 'ringing' &&
              ` · ${call.answered_by ? t('calls.list.operator', { name: call.answered_by }) : t('calls.list.nobody')}`}
          </Typography>
        </Box>
      </ListItemButton>
      {action}
    </Box>
  );
}

/**
 * The live call list: ringing calls first, each with Answer, then the recent ones
 * with time, device, status and operator.
 */
export function CallList({
  calls,
  loading,
  error,
  onRetry,
  selectedId,
  onSelect,
  onAnswer,
  answerDisabledReason,
  answeringId,
}: CallListProps) {
  const { t } = useTranslation();
  const ringing = calls?.filter((call) => call.status === 'ringing') ?? [];
  const recent = calls?.filter((call) => call.status !== 'ringing') ?? [];

  let body: ReactNode;
  if (calls === undefined && loading) {
    body = (
      <Box sx={{ p: 2 }} aria-busy>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={52} sx={{ mb: 1 }} />
        ))}
      </Box>
    );
  } else if (calls === undefined && error) {
    body = (
      <Box sx={{ p: 3, textAlign: 'center' }}>
        <Typography color="error" sx={{ mb: 1.5 }}>
          {t('calls.list.load_failed')} {error}
        </Typography>
        <Button variant="outlined" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </Box>
    );
  } else if (!calls || calls.length === 0) {
    body = (
      <Typography color="text.secondary" sx={{ p: 3 }} data-testid="calls-empty">
        {t('calls.list.empty')}
      </Typography>
    );
  } else {
    body = (
      <List disablePadding>
        {ringing.length > 0 && (
          <>
            <ListSubheader sx={{ lineHeight: '36px' }}>{t('calls.list.ringing')}</ListSubheader>
            {ringing.map((call) => (
              <CallRow
                key={call.real_session_id}
                call={call}
                selected={call.real_session_id === selectedId}
                onSelect={() => onSelect(call)}
                action={
                  <Button
                    variant="contained"
                    color="success"
                    size="small"
                    startIcon={<PhoneIcon />}
                    onClick={() => onAnswer(call)}
                    disabled={answerDisabledReason !== null || answeringId !== null}
                    title={answerDisabledReason ?? undefined}
                    aria-label={`${t('calls.actions.answer')}: ${call.device_name}`}
                    data-testid={`list-answer-${call.real_session_id}`}
                    sx={{ flexShrink: 0 }}
                  >
                    {answeringId === call.real_session_id ? t('calls.answering') : t('calls.actions.answer')}
                  </Button>
                }
              />
            ))}
            <Divider />
          </>
        )}
        <ListSubheader sx={{ lineHeight: '36px' }}>{t('calls.list.recent')}</ListSubheader>
        {recent.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 2 }}>
            {t('calls.list.no_recent')}
          </Typography>
        ) : (
          recent.map((call) => (
            <CallRow
              key={call.real_session_id}
              call={call}
              selected={call.real_session_id === selectedId}
              onSelect={() => onSelect(call)}
            />
          ))
        )}
      </List>
    );
  }

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }} data-testid="call-list" aria-busy={loading}>
      <Typography variant="h2" sx={{ px: 2, pt: 2, pb: 1 }}>
        {t('calls.list.title')}
      </Typography>
      <Box sx={{ maxHeight: { md: 'calc(100vh - 260px)' }, overflowY: 'auto' }}>{body}</Box>
    </Paper>
  );
}
