import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ForumIcon from '@mui/icons-material/ForumOutlined';
import { LIVE_EVENT, pageOf } from '@ambassador/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { authStore, useAuth } from '@/shared/auth/auth-store';
import { switchDevice } from '@/shared/auth/switch-device';
import { useLiveEvent } from '@/shared/realtime/live-socket';
import { parseWhenLoaded } from '@/shared/realtime/parse-when-loaded';
import { useWaitingChats, useWaitingChatsLive } from '../api/get-waiting';
import type { ChatLiveEvent } from '../lib/live-event';
import { useMaySeeChats, waitingStore } from '../lib/waiting-store';

type Shown = {
  deviceId: number;
  device: string;
  sessionId: string;
  kind: 'started' | 'message';
};

/** Chat events, parsed with the chat schemas loaded at the first one (see parseWhenLoaded). */
export const onChatEvent = parseWhenLoaded(async () => {
  const { isVisitorActivity, parseChatLiveEvent } = await import('../lib/live-event');
  return (raw: unknown) => {
    const event = parseChatLiveEvent(raw);
    return event && { event, fromVisitor: isVisitorActivity(event) };
  };
});

/** Where Live Chat opens one chat. */
export const chatPath = (sessionId: string) => `/chat?session=${encodeURIComponent(sessionId)}`;

/**
 * The "a visitor wants staff" notice, mounted once in the shell: when a visitor opens a chat or
 * writes, on a device other than the selected one (or on any device while Live Chat is not on
 * screen), it names the device; Open selects that device and opens the chat on /chat. It goes
 * when closed, opened, or when the chat is read or ends elsewhere.
 */
export function ChatNotice() {
  const { t } = useTranslation();
  const auth = useAuth();
  const maySee = useMaySeeChats();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [shown, setShown] = useState<Shown | null>(null);
  const onChatPage = pageOf(location.pathname) === '/chat';

  const notice = ({ event, fromVisitor }: { event: ChatLiveEvent; fromVisitor: boolean }) => {
    if (!maySee) return;
    const { auth_project_id, selected_device, device_list } = authStore.get();
    if (event.project_id !== undefined && event.project_id !== auth_project_id) return;
    if (event.change === 'read' || event.change === 'ended') {
      // Another operator has it, or the visitor left: nothing to open any more.
      setShown((current) => (current?.sessionId === event.session_id ? null : current));
      return;
    }
    if (!fromVisitor) return;
    // Live Chat on screen for this device already shows it.
    if (event.device_id === selected_device && onChatPage) return;
    setShown({
      deviceId: event.device_id,
      device:
        event.device_name ??
        device_list.find((d) => d.id === event.device_id)?.description ??
        `#${event.device_id}`,
      sessionId: event.session_id,
      kind: event.change === 'started' ? 'started' : 'message',
    });
  };
  useLiveEvent(LIVE_EVENT.chatMessage, (raw) => onChatEvent(raw, notice));

  // The operator went to that device's Live Chat by other means: it is on screen now, so the
  // notice goes (and does not come back on leaving).
  if (shown !== null && onChatPage && auth.selected_device === shown.deviceId) setShown(null);

  if (!shown || !maySee) return null;

  const open = async () => {
    const { deviceId, sessionId } = shown;
    setShown(null);
    await switchDevice(queryClient, deviceId);
    void navigate(chatPath(sessionId));
  };

  return (
    <Paper
      elevation={8}
      role="status"
      data-testid="chat-notice"
      data-device={shown.deviceId}
      sx={{
        position: 'fixed',
        bottom: 24,
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: (theme) => theme.zIndex.snackbar,
        width: 500,
        maxWidth: 'calc(100vw - 32px)',
        p: 1.5,
        pl: 2,
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        gap: 1.5,
        borderLeft: 4,
        borderColor: 'secondary.main',
      }}
    >
      <ForumIcon color="secondary" aria-hidden />
      <Typography
        sx={{ flex: '1 1 180px', minWidth: 0, fontWeight: 600, wordBreak: 'break-word' }}
        data-testid="chat-notice-text"
      >
        {t(shown.kind === 'started' ? 'chat.notice.started' : 'chat.notice.message', {
          device: shown.device,
        })}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, ml: 'auto' }}>
        <Button onClick={() => setShown(null)} data-testid="chat-notice-close">
          {t('common.close')}
        </Button>
        <Button variant="contained" onClick={() => void open()} data-testid="chat-notice-open">
          {t('chat.notice.open')}
        </Button>
      </Box>
    </Paper>
  );
}

/**
 * What the shell loads of Live Chat for every screen: the waiting chats, read and kept live for
 * the left bar's badge, and the notice.
 */
export function ChatAlerts() {
  useWaitingChatsLive();
  const devices = useWaitingChats();
  useEffect(() => waitingStore.set(devices), [devices]);
  useEffect(() => () => waitingStore.set([]), []);
  return <ChatNotice />;
}
