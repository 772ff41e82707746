import { useLayoutEffect, useRef, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ChatMessage } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { isPending } from '../lib/messages';
import { formatChatTime, formatFullTime } from '../lib/format';
import { Spinner } from '@/shared/ui/spinner';

/** How close to the bottom (px) still counts as "reading the newest": new messages scroll into view. */
const STICK_DISTANCE = 80;

export type MessageListProps = {
  /** undefined while the history loads. */
  messages: ChatMessage[] | undefined;
  /** How the visitor is called in the thread. */
  visitorName: string;
  error: string | null;
  onRetry: () => void;
};

function Bubble({ message, visitorName }: { message: ChatMessage; visitorName: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const mine = message.sent_by_admin;
  const pending = isPending(message);
  const sender = mine ? (message.sender ?? t('chat.thread.operator')) : visitorName;
  return (
    <Box
      data-testid="chat-message"
      data-from={mine ? 'operator' : 'visitor'}
      data-pending={pending ? 'true' : undefined}
      sx={{
        alignSelf: mine ? 'flex-end' : 'flex-start',
        maxWidth: '75%',
        display: 'flex',
        flexDirection: 'column',
        alignItems: mine ? 'flex-end' : 'flex-start',
      }}
    >
      <Typography variant="caption" color="text.secondary" sx={{ px: 0.5, mb: 0.25 }}>
        {sender}
        {' · '}
        {pending ? (
          t('chat.thread.sending')
        ) : (
          <Tooltip title={formatFullTime(message.datetime, language)}>
            <time dateTime={message.datetime}>{formatChatTime(message.datetime, language)}</time>
          </Tooltip>
        )}
      </Typography>
      <Box
        sx={{
          px: 1.5,
          py: 1,
          borderRadius: 2,
          borderTopRightRadius: mine ? 4 : undefined,
          borderTopLeftRadius: mine ? undefined : 4,
          bgcolor: mine ? 'primary.main' : 'grey.100',
          color: mine ? 'primary.contrastText' : 'text.primary',
          opacity: pending ? 0.7 : 1,
          // Plain text as typed: line breaks kept, long words wrapped, never read as markup.
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          fontSize: 15,
          lineHeight: 1.45,
        }}
        data-testid="chat-message-text"
      >
        {message.message}
      </Box>
    </Box>
  );
}

/** The thread of one chat, oldest first, kept scrolled to the newest message. */
export function MessageList({ messages, visitorName, error, onRetry }: MessageListProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  // Starts at the bottom; stays there unless the operator scrolls up to read older messages.
  const stick = useRef(true);
  const last = messages?.at(-1);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el || !last) return;
    // The operator's own send always comes into view.
    if (stick.current || (last.sent_by_admin && isPending(last))) {
      el.scrollTop = el.scrollHeight;
      stick.current = true;
    }
    // A new last message (sent, received, or a send confirmed) is what moves the view.
  }, [last]);

  let body: ReactNode;
  if (error && messages === undefined) {
    body = (
      <Box sx={{ m: 'auto', textAlign: 'center' }}>
        <Typography color="error" sx={{ mb: 1.5 }}>
          {error}
        </Typography>
        <Button variant="outlined" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </Box>
    );
  } else if (messages === undefined) {
    body = (
      <Box sx={{ m: 'auto' }}>
        <Spinner size={28} />
      </Box>
    );
  } else if (messages.length === 0) {
    body = (
      <Typography
        color="text.secondary"
        sx={{ m: 'auto', textAlign: 'center' }}
        data-testid="chat-thread-empty"
      >
        {t('chat.thread.empty')}
      </Typography>
    );
  } else {
    body = messages.map((message) => (
      <Bubble key={message.client_id ?? `id-${message.id}`} message={message} visitorName={visitorName} />
    ));
  }

  return (
    <Box
      ref={box}
      role="log"
      aria-live="polite"
      aria-label={t('chat.thread.label', { name: visitorName })}
      data-testid="chat-history"
      onScroll={(event) => {
        const el = event.currentTarget;
        stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_DISTANCE;
      }}
      sx={{
        flex: 1,
        minHeight: 0,
        overflowY: 'auto',
        display: 'flex',
        flexDirection: 'column',
        gap: 1.5,
        p: 2,
        bgcolor: 'background.default',
      }}
    >
      {body}
    </Box>
  );
}
