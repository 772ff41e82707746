import { useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import QuickreplyOutlined from '@mui/icons-material/QuickreplyOutlined';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SendIcon from '@mui/icons-material/Send';
import { CHAT_MESSAGE_MAX, type CannedReply } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';

export type ComposerProps = {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  /** The chat has ended: nobody is there to read a reply. */
  ended: boolean;
  /** The project's saved replies, inserted by "/" + code or from the menu. */
  replies?: CannedReply[];
  /** The text of a saved reply for this chat (its language). */
  textOf?: (reply: CannedReply) => string;
  /** Opens the saved replies' management. */
  onManage?: () => void;
};

/** "/par" typed alone in the box: the saved replies whose code starts with "par". */
function slashMatches(value: string, replies: CannedReply[]): CannedReply[] | null {
  const typed = /^\/([\p{L}\p{N}_-]*)$/u.exec(value);
  if (!typed) return null;
  const prefix = typed[1]!.toLocaleLowerCase();
  return replies.filter((r) => r.code.toLocaleLowerCase().startsWith(prefix)).slice(0, 8);
}

/** Where the operator writes: Enter sends, Shift+Enter starts a new line, 2000 characters at most. */
export function Composer({ value, onChange, onSend, ended, replies = [], textOf, onManage }: ComposerProps) {
  const { t } = useTranslation();
  const length = value.length;
  const canSend = !ended && value.trim().length > 0 && length <= CHAT_MESSAGE_MAX;
  const matches = ended ? null : slashMatches(value, replies);
  const [highlight, setHighlight] = useState(0);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const current = matches && matches.length > 0 ? Math.min(highlight, matches.length - 1) : -1;
  const insert = (reply: CannedReply) => {
    onChange((textOf?.(reply) ?? '').slice(0, CHAT_MESSAGE_MAX));
    setHighlight(0);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (matches && current >= 0 && !event.nativeEvent.isComposing) {
      const moves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1 };
      if (event.key in moves) {
        event.preventDefault();
        setHighlight((current + moves[event.key]! + matches.length) % matches.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        insert(matches[current]!);
        return;
      }
    }
    // While an input method composes (Chinese, Japanese), Enter picks a candidate: never send then.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (canSend) onSend();
  };

  return (
    <Box
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        if (canSend) onSend();
      }}
      sx={{ p: 1.5, borderTop: 1, borderColor: 'divider', display: 'flex', gap: 1, alignItems: 'flex-start' }}
    >
      <Box sx={{ flex: 1, minWidth: 0, position: 'relative' }}>
        {matches && (
          <Paper
            elevation={4}
            sx={{
              position: 'absolute',
              bottom: '100%',
              left: 0,
              right: 0,
              mb: 0.5,
              zIndex: 2,
              maxHeight: 280,
              overflow: 'auto',
            }}
          >
            <Box
              component="ul"
              role="listbox"
              id="chat-canned-matches"
              aria-label={t('chat.canned.matches')}
              data-testid="chat-canned-matches"
              sx={{ listStyle: 'none', m: 0, p: 0.5 }}
            >
              {matches.length === 0 ? (
                <Box
                  component="li"
                  role="option"
                  aria-selected={false}
                  aria-disabled
                  sx={{ px: 1.5, py: 1, color: 'text.secondary' }}
                >
                  {t('chat.canned.no_match')}
                </Box>
              ) : (
                matches.map((reply, i) => (
                  <Box
                    component="li"
                    role="option"
                    key={reply.id}
                    id={`chat-canned-option-${reply.id}`}
                    aria-selected={i === current}
                    data-testid={`chat-canned-option-${reply.code}`}
                    // The box keeps the focus: a click picks without blurring it.
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => insert(reply)}
                    sx={{
                      px: 1.5,
                      py: 0.75,
                      borderRadius: 1,
                      cursor: 'pointer',
                      bgcolor: i === current ? 'action.selected' : undefined,
                      '&:hover': { bgcolor: 'action.hover' },
                    }}
                  >
                    <Typography component="span" sx={{ fontWeight: 600, mr: 1 }}>
                      /{reply.code}
                    </Typography>
                    <Typography component="span" variant="body2" color="text.secondary">
                      {textOf?.(reply)}
                    </Typography>
                  </Box>
                ))
              )}
            </Box>
          </Paper>
        )}
        <TextField
          fullWidth
          multiline
          minRows={1}
          maxRows={6}
          size="small"
          value={value}
          disabled={ended}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={ended ? t('chat.composer.ended') : t('chat.composer.placeholder')}
          slotProps={{
            htmlInput: {
              maxLength: CHAT_MESSAGE_MAX,
              'aria-label': t('chat.composer.label'),
              'data-testid': 'chat-input',
              ...(matches && {
                'aria-controls': 'chat-canned-matches',
                'aria-activedescendant':
                  current >= 0 ? `chat-canned-option-${matches[current]!.id}` : undefined,
              }),
            },
          }}
        />
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, px: 0.5, pt: 0.25 }}>
          <Typography variant="caption" color="text.secondary">
            {ended ? t('chat.composer.ended') : t('chat.composer.hint')}
          </Typography>
          <Typography
            variant="caption"
            color={length >= CHAT_MESSAGE_MAX ? 'error' : 'text.secondary'}
            data-testid="chat-counter"
            aria-live="polite"
          >
            {t('chat.composer.counter', { count: length, max: CHAT_MESSAGE_MAX })}
          </Typography>
        </Box>
      </Box>
      <IconButton
        aria-label={t('chat.canned.menu')}
        aria-haspopup="menu"
        onClick={(event) => setMenuAnchor(event.currentTarget)}
        disabled={ended}
        data-testid="chat-canned-menu"
        sx={{ mt: 0.25 }}
      >
        <QuickreplyOutlined />
      </IconButton>
      <Menu anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={() => setMenuAnchor(null)}>
        {replies.map((reply) => (
          <MenuItem
            key={reply.id}
            data-testid={`chat-canned-pick-${reply.code}`}
            onClick={() => {
              setMenuAnchor(null);
              insert(reply);
            }}
            sx={{ maxWidth: 360 }}
          >
            <ListItemText
              primary={`/${reply.code}`}
              secondary={textOf?.(reply)}
              slotProps={{ secondary: { noWrap: true } }}
            />
          </MenuItem>
        ))}
        {onManage && (
          <MenuItem
            data-testid="chat-canned-manage"
            onClick={() => {
              setMenuAnchor(null);
              onManage();
            }}
          >
            {t('chat.canned.manage')}
          </MenuItem>
        )}
      </Menu>
      <Button
        type="submit"
        variant="contained"
        disabled={!canSend}
        endIcon={<SendIcon />}
        data-testid="chat-send"
        sx={{ mt: 0.25 }}
      >
        {t('chat.composer.send')}
      </Button>
    </Box>
  );
}
