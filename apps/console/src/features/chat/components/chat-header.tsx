import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import type { ChatEndUser } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { formatChatTime, shortSessionId } from '../lib/format';
import { AssignMenu } from './assign-menu';
import { RatingChip } from './rating-chip';

export type ChatHeaderProps = {
  /** undefined while it loads. */
  user: ChatEndUser | undefined;
  onEdit: () => void;
  /** Assign the chat to an operator (my id: take it), or unassign it (null); undefined while it cannot change. */
  onAssign?: (userId: number | null) => void;
  /** The signed-in operator's user id. */
  me?: number;
  /** End the chat (asks first); undefined while it cannot. */
  onEnd?: (() => void) | undefined;
  /** On narrow screens the list and the chat take turns: back to the list. */
  onBack?: (() => void) | undefined;
};

/** Who the operator is talking to: name, mobile, tags, language, and whether the chat has ended. */
export function ChatHeader({ user, onEdit, onBack, onAssign, onEnd, me }: ChatHeaderProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        px: 2,
        py: 1.25,
        borderBottom: 1,
        borderColor: 'divider',
      }}
      data-testid="chat-header"
    >
      {onBack && (
        <Tooltip title={t('chat.thread.back')}>
          <IconButton onClick={onBack} aria-label={t('chat.thread.back')} edge="start">
            <ArrowBack />
          </IconButton>
        </Tooltip>
      )}
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {user ? (
          <>
            <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
              <Typography variant="h6" component="h2" sx={{ fontSize: 18 }} data-testid="chat-header-name">
                {user.name || t('chat.visitor')}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                #{shortSessionId(user.session_id)} · {t(`languages.${user.language}`)}
              </Typography>
              {user.ended_at && (
                <Tooltip title={t('chat.ended_at', { time: formatChatTime(user.ended_at, language) })}>
                  <Chip size="small" variant="outlined" label={t('chat.ended')} />
                </Tooltip>
              )}
              {user.rating !== null && <RatingChip rating={user.rating} testId="chat-header-rating" />}
            </Box>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, flexWrap: 'wrap', mt: 0.25 }}>
              {user.mobile && (
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mr: 0.5 }}
                >
                  <PhoneOutlined sx={{ fontSize: 16 }} aria-label={t('chat.edit.mobile')} />
                  {user.mobile}
                </Typography>
              )}
              {user.tags.map((tag) => (
                <Chip key={tag} size="small" label={tag} />
              ))}
            </Box>
          </>
        ) : (
          <>
            <Skeleton variant="text" width={180} />
            <Skeleton variant="text" width={120} />
          </>
        )}
      </Box>
      {user && (
        <Typography
          variant="body2"
          color="text.secondary"
          data-testid="chat-assignee"
          sx={{ whiteSpace: 'nowrap' }}
        >
          {user.assignee
            ? t('chat.assign.assigned_to', { name: user.assignee.username })
            : t('chat.assign.unassigned')}
        </Typography>
      )}
      {user &&
        onAssign &&
        me !== undefined &&
        (user.assignee?.id === me ? (
          <Button size="small" onClick={() => onAssign(null)} data-testid="chat-unassign">
            {t('chat.assign.unassign')}
          </Button>
        ) : (
          <Button size="small" variant="contained" onClick={() => onAssign(me)} data-testid="chat-take">
            {t('chat.assign.take')}
          </Button>
        ))}
      {user && onAssign && <AssignMenu assigneeId={user.assignee?.id ?? null} onAssign={onAssign} />}
      {user && onEnd && !user.ended_at && (
        <Button size="small" color="error" variant="outlined" onClick={onEnd} data-testid="chat-end">
          {t('chat.end.button')}
        </Button>
      )}
      <Button
        variant="outlined"
        size="small"
        startIcon={<EditOutlined />}
        onClick={onEdit}
        disabled={!user}
        data-testid="chat-edit"
      >
        {t('chat.edit.button')}
      </Button>
    </Box>
  );
}
