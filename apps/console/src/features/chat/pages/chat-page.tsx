import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutlineOutlined';
import { LIVE_EVENT, type ChatEndUser, type ChatWaitingDevice } from '@ambassador/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/api/api-error';
import { useAuth } from '@/shared/auth/auth-store';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { switchDevice } from '@/shared/auth/switch-device';
import { useDebouncedValue } from '@/shared/lib/use-debounced-value';
import { useLiveEvent, useLiveStatus } from '@/shared/realtime/live-socket';
import { PageHeader } from '@/shared/ui/page-header';
import { chatKeys, patchCachedEndUser } from '../api/chat-keys';
import { useEndUser } from '../api/get-enduser';
import { useEndUsers } from '../api/get-endusers';
import { useHistory } from '../api/get-history';
import { useSendMessage } from '../api/send-message';
import { useWaitingChats } from '../api/get-waiting';
import { ChatHeader } from '../components/chat-header';
import { Composer } from '../components/composer';
import { CannedRepliesDialog } from '../dialogs/canned-replies-dialog';
import { cannedText, useCannedReplies } from '../api/canned-replies';
import { useAssignChat } from '../api/assign-chat';
import { useEndChat } from '../api/end-chat';
import { EndChatDialog } from '../dialogs/end-chat-dialog';
import { useChatTags } from '../api/get-tags';
import { TagFilter } from '../components/tag-filter';
import { AvailabilityToggle } from '../components/availability-toggle';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { CHAT_ASSIGNED_FILTERS, type ChatAssignedFilter } from '@ambassador/contracts';
import { EndUserList, WaitingElsewhere } from '../components/enduser-list';
import { MessageList } from '../components/message-list';
import { EndUserDialog } from '../dialogs/enduser-dialog';
import { byNewestActivity } from '../lib/format';
import { parseChatLiveEvent } from '../lib/live-event';
import { mergeMessage, newClientId } from '../lib/messages';
import { waitingElsewhere } from '../lib/waiting';

/** Searching waits for a 500 ms pause in typing. */
export const CHAT_SEARCH_DEBOUNCE_MS = 500;
/** Without the live socket, the list and the open chat are read again this often. */
export const CHAT_POLL_MS = 15_000;

/** One row per chat, even when a live change moved a chat across a page boundary. */
function uniqueChats(rows: ChatEndUser[]): ChatEndUser[] {
  const seen = new Set<string>();
  return rows.filter((row) => !seen.has(row.session_id) && (seen.add(row.session_id), true));
}

function Placeholder({ title, body }: { title: string; body?: string }) {
  return (
    <Box
      sx={{ m: 'auto', p: 4, textAlign: 'center', color: 'text.secondary', maxWidth: 360 }}
      data-testid="chat-placeholder"
    >
      <ChatBubbleOutline sx={{ fontSize: 44, color: 'text.disabled', mb: 1 }} />
      <Typography sx={{ fontWeight: 600, color: 'text.primary', mb: 0.5 }}>{title}</Typography>
      {body && <Typography variant="body2">{body}</Typography>}
    </Box>
  );
}

/** Live Chat (/chat): the selected device's chats on the left, the chat in `?session=` on the right. */
export function ChatPage() {
  const { t } = useTranslation();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'));
  const auth = useAuth();
  const deviceId = auth.selected_device;
  const queryClient = useQueryClient();
  const live = useLiveStatus();
  // The socket tells us about every message; without it, ask now and then.
  const poll = live.connected ? false : CHAT_POLL_MS;
  const [params, setParams] = useSearchParams();
  const selected = params.get('session') || null;

  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim(), CHAT_SEARCH_DEBOUNCE_MS);
  const [assigned, setAssigned] = useState<ChatAssignedFilter>('all');
  const [tag, setTag] = useState<string | null>(null);
  const tags = useChatTags(deviceId);
  const list = useEndUsers(deviceId, search, poll, assigned, tag);
  const users = useMemo(
    () =>
      list.data ? byNewestActivity(uniqueChats(list.data.pages.flatMap((page) => page.rows))) : undefined,
    [list.data],
  );
  const listed = users?.find((user) => user.session_id === selected);
  const endUser = useEndUser(selected, listed);
  const canned = useCannedReplies();
  const assign = useAssignChat(selected ?? '');
  const endChat = useEndChat(selected ?? '');
  const [ending, setEnding] = useState(false);
  const me = auth.user_info?.user_id;
  const [cannedOpen, setCannedOpen] = useState(false);
  const user = endUser.data ?? listed;
  const history = useHistory(selected, poll);
  const send = useSendMessage();

  const [drafts, setDrafts] = useState<Record<string, string>>({});
  // Visitors waiting on the devices this list does not show.
  const elsewhere = waitingElsewhere(useWaitingChats(), deviceId);
  const [dialog, setDialog] = useState({ key: 0, open: false });

  // Reading a chat marks its messages read on the server: the list shows it at once.
  useEffect(() => {
    if (selected && history.isSuccess) {
      patchCachedEndUser(queryClient, selected, (row) => (row.unread === 0 ? row : { ...row, unread: 0 }));
    }
  }, [queryClient, selected, history.isSuccess, history.dataUpdatedAt]);

  useLiveEvent(LIVE_EVENT.chatMessage, (raw) => {
    const event = parseChatLiveEvent(raw);
    if (!event) return;
    // This list shows one device; the others' waiting chats show above it (and in the shell).
    if (event.device_id !== deviceId) return;
    // A new or edited chat may bring a tag the label filter did not offer yet.
    if (event.change === 'started' || event.change === 'updated') {
      void queryClient.invalidateQueries({ queryKey: chatKeys.tagLists() });
    }
    if (event.session_id !== selected) {
      void queryClient.invalidateQueries({ queryKey: chatKeys.lists() });
      return;
    }
    // The open chat: the message shows at once, then the history is read (which marks it read)
    // and only after that the list, so its unread count is already cleared.
    const message = event.message;
    if (message) {
      queryClient.setQueryData(chatKeys.history(selected), (old: typeof history.data) =>
        old ? mergeMessage(old, message) : old,
      );
    }
    void queryClient.invalidateQueries({ queryKey: chatKeys.endUser(selected) });
    void queryClient
      .invalidateQueries({ queryKey: chatKeys.history(selected) })
      .then(() => queryClient.invalidateQueries({ queryKey: chatKeys.lists() }));
  });

  const select = (sessionId: string | null) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (sessionId) next.set('session', sessionId);
      else next.delete('session');
      return next;
    });
  };

  /** Another device's waiting chats: select that device and open its newest one, staying here. */
  const switchTo = async (device: ChatWaitingDevice) => {
    await switchDevice(queryClient, device.device_id);
    setParams({ session: device.latest_session_id });
  };

  const setDraft = (sessionId: string, text: string) =>
    setDrafts((current) => ({ ...current, [sessionId]: text }));

  const sendDraft = () => {
    if (!selected) return;
    const session = selected;
    const text = (drafts[session] ?? '').trim();
    if (!text) return;
    setDraft(session, '');
    send.mutate(
      {
        session_id: session,
        message: text,
        client_id: newClientId(),
        sender: auth.user_info?.username ?? '',
      },
      {
        // The hook shows the error; the text comes back to the box, unless something new is typed.
        onError: () => setDrafts((current) => (current[session] ? current : { ...current, [session]: text })),
      },
    );
  };

  const visitorName = user?.name || t('chat.visitor');
  const listError = list.error ? errorMessage(list.error, t('errors.unknown')) : null;

  let chatPane;
  if (deviceId === null) {
    chatPane = <Placeholder title={t('chat.no_device')} />;
  } else if (!selected) {
    chatPane = <Placeholder title={t('chat.thread.none_title')} body={t('chat.thread.none_body')} />;
  } else if (endUser.error && !user) {
    chatPane = (
      <Box sx={{ m: 'auto', p: 4, textAlign: 'center' }} data-testid="chat-load-error">
        <Typography sx={{ fontWeight: 600, mb: 0.5 }}>{t('chat.thread.load_failed')}</Typography>
        <Typography color="error" variant="body2" sx={{ mb: 2 }}>
          {errorMessage(endUser.error, t('errors.unknown'))}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center' }}>
          <Button onClick={() => select(null)}>{t('chat.thread.back')}</Button>
          <Button variant="outlined" onClick={() => void endUser.refetch()}>
            {t('common.retry')}
          </Button>
        </Box>
      </Box>
    );
  } else {
    chatPane = (
      <>
        <ChatHeader
          user={user}
          onEdit={() => setDialog((d) => ({ key: d.key + 1, open: true }))}
          me={me}
          onAssign={
            me === undefined
              ? undefined
              : (userId) =>
                  void notify.run(() => assign.mutateAsync(userId), {
                    loading: t('common.updating'),
                    success:
                      userId === null
                        ? t('chat.assign.released')
                        : userId === me
                          ? t('chat.assign.taken')
                          : t('chat.assign.given'),
                  })
          }
          onEnd={() => setEnding(true)}
          onBack={narrow ? () => select(null) : undefined}
        />
        <MessageList
          key={selected}
          messages={history.data}
          visitorName={visitorName}
          error={history.error ? errorMessage(history.error, t('errors.unknown')) : null}
          onRetry={() => void history.refetch()}
        />
        <Composer
          value={drafts[selected] ?? ''}
          onChange={(text) => setDraft(selected, text)}
          onSend={sendDraft}
          ended={Boolean(user?.ended_at)}
          replies={canned.data}
          textOf={(reply) => cannedText(reply, user?.language ?? 'english')}
          onManage={() => setCannedOpen(true)}
        />
      </>
    );
  }

  const showList = !narrow || !selected;
  const showChat = !narrow || Boolean(selected);

  return (
    <>
      <PageHeader
        title={t('screens.chat')}
        actions={
          <>
            <AvailabilityToggle />
            <Button variant="outlined" onClick={() => setCannedOpen(true)} data-testid="chat-canned-open">
              {t('chat.canned.title')}
            </Button>
          </>
        }
      />
      {live.connectionError && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="chat-live-unavailable">
          {t('chat.live_unavailable', { seconds: CHAT_POLL_MS / 1000 })}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'minmax(280px, 360px) 1fr' },
          gap: 2,
          height: { xs: 'calc(100vh - 160px)', md: 'calc(100vh - 180px)' },
          minHeight: 460,
        }}
      >
        {showList && (
          <Paper
            variant="outlined"
            sx={{ minHeight: 0, overflow: 'hidden' }}
            component="section"
            aria-label={t('chat.list.label')}
          >
            {deviceId === null ? (
              <Placeholder title={t('chat.no_device')} />
            ) : (
              <>
                <ToggleButtonGroup
                  exclusive
                  size="small"
                  fullWidth
                  value={assigned}
                  onChange={(_event, value: ChatAssignedFilter | null) => value && setAssigned(value)}
                  aria-label={t('chat.assign.filter')}
                  sx={{ p: 1, pb: 0 }}
                >
                  {CHAT_ASSIGNED_FILTERS.map((f) => (
                    <ToggleButton key={f} value={f} data-testid={`chat-filter-${f}`}>
                      {t(`chat.assign.filters.${f}`)}
                    </ToggleButton>
                  ))}
                </ToggleButtonGroup>
                <TagFilter tags={tags.data ?? []} value={tag} onChange={setTag} />
                <EndUserList
                  users={users}
                  selected={selected}
                  onSelect={select}
                  searchInput={searchInput}
                  onSearchInput={setSearchInput}
                  search={search}
                  loading={list.isFetching && !list.isFetchingNextPage}
                  error={listError}
                  onRetry={() => void list.refetch()}
                  hasMore={list.hasNextPage}
                  loadingMore={list.isFetchingNextPage}
                  onMore={() => void list.fetchNextPage()}
                  notice={
                    elsewhere.length > 0 && (
                      <WaitingElsewhere devices={elsewhere} onSwitch={(device) => void switchTo(device)} />
                    )
                  }
                />
              </>
            )}
          </Paper>
        )}
        {showChat && (
          <Paper
            variant="outlined"
            component="section"
            aria-label={t('chat.thread.section')}
            sx={{ minHeight: 0, overflow: 'hidden', display: 'flex', flexDirection: 'column' }}
          >
            {chatPane}
          </Paper>
        )}
      </Box>
      <CannedRepliesDialog open={cannedOpen} onClose={() => setCannedOpen(false)} />
      <EndChatDialog
        open={ending}
        visitorName={visitorName}
        submitting={endChat.isPending}
        onCancel={() => setEnding(false)}
        onConfirm={() =>
          void notify
            .run(() => endChat.mutateAsync(), { loading: t('common.updating'), success: t('chat.end.done') })
            .finally(() => setEnding(false))
        }
      />
      {user && (
        <EndUserDialog
          key={dialog.key}
          open={dialog.open}
          user={user}
          onClose={() => setDialog((d) => ({ ...d, open: false }))}
        />
      )}
    </>
  );
}
