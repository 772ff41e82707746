import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import type { ChatEndUser, ChatWaitingDevice } from '@ambassador/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatChatTime, lastActivity, shortSessionId } from '../lib/format';
import { Spinner } from '@/shared/ui/spinner';
import { RatingChip } from './rating-chip';

export type EndUserListProps = {
  /** undefined while the first page loads. */
  users: ChatEndUser[] | undefined;
  selected: string | null;
  onSelect: (sessionId: string) => void;
  searchInput: string;
  onSearchInput: (value: string) => void;
  /** The search the list shows (after the pause in typing). */
  search: string;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
  /** Above the list: e.g. visitors waiting on other devices. */
  notice?: ReactNode;
};

function UnreadCount({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <Box
      component="span"
      data-testid="chat-unread"
      aria-label={t('chat.list.unread', { count })}
      sx={{
        minWidth: 20,
        height: 20,
        px: 0.75,
        borderRadius: 10,
        bgcolor: 'error.main',
        color: 'error.contrastText',
        fontSize: 12,
        fontWeight: 600,
        lineHeight: '20px',
        textAlign: 'center',
        flexShrink: 0,
      }}
    >
      {count > 99 ? '99+' : count}
    </Box>
  );
}

function EndUserItem({
  user,
  selected,
  onSelect,
}: {
  user: ChatEndUser;
  selected: boolean;
  onSelect: () => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const name = user.name || t('chat.visitor');
  const unread = selected ? 0 : user.unread;
  return (
    <ListItemButton
      selected={selected}
      onClick={onSelect}
      aria-current={selected ? 'true' : undefined}
      data-testid={`chat-enduser-${user.session_id}`}
      sx={{ alignItems: 'flex-start', gap: 1, py: 1.25, borderBottom: 1, borderColor: 'divider' }}
    >
      <Box sx={{ flex: 1, minWidth: 0, display: 'grid', gap: 0.25 }}>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 0.75, minWidth: 0 }}>
          <Typography
            component="span"
            noWrap
            sx={{ fontWeight: unread > 0 ? 700 : 500, minWidth: 0 }}
            data-testid="chat-enduser-name"
          >
            {name}
          </Typography>
          <Typography component="span" variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
            #{shortSessionId(user.session_id)}
          </Typography>
          <Typography
            component="span"
            variant="caption"
            color="text.secondary"
            sx={{ ml: 'auto', flexShrink: 0 }}
          >
            {formatChatTime(lastActivity(user), language)}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
          <Typography
            component="span"
            variant="body2"
            noWrap
            color={user.last_message === null ? 'text.disabled' : 'text.secondary'}
            sx={{ flex: 1, minWidth: 0, fontStyle: user.last_message === null ? 'italic' : undefined }}
            data-testid="chat-enduser-preview"
          >
            {/* Plain text: whatever the visitor typed is shown as typed. */}
            {user.last_message ?? t('chat.list.no_messages')}
          </Typography>
          {unread > 0 && <UnreadCount count={unread} />}
        </Box>
        {(user.mobile || user.tags.length > 0 || user.ended_at || user.assignee) && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap', mt: 0.25 }}>
            {user.assignee && (
              <Typography
                component="span"
                variant="caption"
                color="text.secondary"
                sx={{ mr: 0.5 }}
                data-testid="chat-enduser-assignee"
              >
                {t('chat.assign.assigned_to', { name: user.assignee.username })}
              </Typography>
            )}
            {user.ended_at && (
              <Chip size="small" label={t('chat.ended')} variant="outlined" data-testid="chat-ended" />
            )}
            {user.rating !== null && <RatingChip rating={user.rating} testId="chat-enduser-rating" />}
            {user.mobile && (
              <Typography component="span" variant="caption" color="text.secondary" sx={{ mr: 0.5 }}>
                {user.mobile}
              </Typography>
            )}
            {user.tags.map((tag) => (
              <Chip key={tag} size="small" label={tag} sx={{ height: 20, fontSize: 12 }} />
            ))}
          </Box>
        )}
      </Box>
    </ListItemButton>
  );
}

/** The left pane of Live Chat: search, then the selected device's chats, newest activity first. */
export function EndUserList({
  users,
  selected,
  onSelect,
  searchInput,
  onSearchInput,
  search,
  loading,
  error,
  onRetry,
  hasMore,
  loadingMore,
  onMore,
  notice,
}: EndUserListProps) {
  const { t } = useTranslation();

  let body: ReactNode;
  if (error && !users?.length) {
    body = (
      <Box sx={{ p: 3, textAlign: 'center' }}>
        <Typography color="error" sx={{ mb: 1.5 }}>
          {error}
        </Typography>
        <Button variant="outlined" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </Box>
    );
  } else if (users === undefined) {
    body = (
      <Box sx={{ p: 2, display: 'grid', gap: 2 }} aria-busy="true">
        {[0, 1, 2, 3].map((i) => (
          <Box key={i}>
            <Skeleton variant="text" width="60%" />
            <Skeleton variant="text" />
          </Box>
        ))}
      </Box>
    );
  } else if (users.length === 0) {
    body = (
      <Box sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }} data-testid="chat-list-empty">
        <ForumOutlined sx={{ fontSize: 40, mb: 1, color: 'text.disabled' }} />
        {search ? (
          <Typography>{t('chat.list.no_results', { search })}</Typography>
        ) : (
          <>
            <Typography sx={{ fontWeight: 600, color: 'text.primary', mb: 0.5 }}>
              {t('chat.list.empty_title')}
            </Typography>
            <Typography variant="body2">{t('chat.list.empty_body')}</Typography>
          </>
        )}
      </Box>
    );
  } else {
    body = (
      <>
        <List disablePadding aria-label={t('chat.list.label')} data-testid="chat-list">
          {users.map((user) => (
            <ListItem key={user.session_id} disablePadding>
              <EndUserItem
                user={user}
                selected={user.session_id === selected}
                onSelect={() => onSelect(user.session_id)}
              />
            </ListItem>
          ))}
        </List>
        {hasMore && (
          <Box sx={{ p: 1.5, textAlign: 'center' }}>
            <Button
              onClick={onMore}
              disabled={loadingMore}
              startIcon={loadingMore ? <Spinner size={14} color="inherit" /> : undefined}
              data-testid="chat-list-more"
            >
              {t('chat.list.show_more')}
            </Button>
          </Box>
        )}
      </>
    );
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}>
      <Box sx={{ p: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <TextField
          size="small"
          fullWidth
          value={searchInput}
          onChange={(event) => onSearchInput(event.target.value)}
          placeholder={t('chat.list.search_placeholder')}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
            htmlInput: {
              'aria-label': t('chat.list.search_label'),
              maxLength: 100,
              'data-testid': 'chat-search',
            },
          }}
        />
      </Box>
      {notice && <Box sx={{ px: 1.5, pt: 1.5 }}>{notice}</Box>}
      <Box sx={{ height: 4 }}>
        {loading && users !== undefined && <LinearProgress aria-label={t('chat.list.loading')} />}
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>{body}</Box>
    </Box>
  );
}

/**
 * Above the list, which shows the selected device only: the other devices with visitors waiting
 * for staff, each with a button that switches to it and opens its newest waiting chat.
 */
export function WaitingElsewhere({
  devices,
  onSwitch,
}: {
  devices: ChatWaitingDevice[];
  onSwitch: (device: ChatWaitingDevice) => void;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="warning"
      icon={<ForumOutlined fontSize="inherit" />}
      data-testid="chat-waiting-elsewhere"
      sx={{ py: 0.5, '& .MuiAlert-message': { width: '100%', minWidth: 0 } }}
    >
      <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
        {t('chat.elsewhere.title')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}>
        {devices.map((device) => (
          <Box
            component="li"
            key={device.device_id}
            sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
            data-testid={`chat-waiting-device-${device.device_id}`}
          >
            <Typography variant="body2" sx={{ flex: '1 1 120px', minWidth: 0, wordBreak: 'break-word' }}>
              {t('chat.elsewhere.device', { device: device.device_name, count: device.chats })}
            </Typography>
            <Button
              size="small"
              variant="outlined"
              color="inherit"
              onClick={() => onSwitch(device)}
              aria-label={t('chat.elsewhere.switch', { device: device.device_name })}
              data-testid={`chat-waiting-switch-${device.device_id}`}
              sx={{ py: 0, flexShrink: 0 }}
            >
              {t('chat.notice.open')}
            </Button>
          </Box>
        ))}
      </Box>
    </Alert>
  );
}
