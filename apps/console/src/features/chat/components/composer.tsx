import type { KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SendIcon from '@mui/icons-material/Send';
import { CHAT_MESSAGE_MAX } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';

export type ComposerProps = {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  /** The chat has ended: nobody is there to read a reply. */
  ended: boolean;
};

/** Where the operator writes: Enter sends, Shift+Enter starts a new line, 2000 characters at most. */
export function Composer({ value, onChange, onSend, ended }: ComposerProps) {
  const { t } = useTranslation();
  const length = value.length;
  const canSend = !ended && value.trim().length > 0 && length <= CHAT_MESSAGE_MAX;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
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
      <Box sx={{ flex: 1, minWidth: 0 }}>
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
