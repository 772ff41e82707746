import { useEffect, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import PlayArrow from '@mui/icons-material/PlayArrow';
import StopIcon from '@mui/icons-material/Stop';
import { ZAudioPreviewRequest, type Language } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { useAiDeviceId } from '@/features/ai/common/api/ai-keys';
import { audioPreview } from '../api/audio-preview';
import { translateIssue } from '@/shared/lib/rule-message';
import { aiErrorMessage } from '@/features/ai/common/lib/ai-errors';
import { Spinner } from '@/shared/ui/spinner';

type State = 'idle' | 'loading' | 'playing';

/** Plays the speech as the device would say it (POST audio_preview); a second click stops it. */
export function SpeechPlayButton({ text, language }: { text: string; language: Language }) {
  const { t } = useTranslation();
  const deviceId = useAiDeviceId();
  const [state, setState] = useState<State>('idle');
  const audio = useRef<HTMLAudioElement | null>(null);
  const url = useRef<string | null>(null);
  const run = useRef(0);

  const stop = () => {
    run.current++;
    audio.current?.pause();
    audio.current = null;
    if (url.current) URL.revokeObjectURL(url.current);
    url.current = null;
    setState('idle');
  };

  useEffect(() => () => stop(), []);

  const play = async () => {
    if (state !== 'idle') {
      stop();
      return;
    }
    const body = ZAudioPreviewRequest.safeParse({ device_id: deviceId ?? 0, language, text });
    if (!body.success) {
      notify.error(translateIssue(t, body.error.issues[0]!));
      return;
    }
    const mine = ++run.current;
    setState('loading');
    try {
      const blob = await audioPreview(body.data);
      if (mine !== run.current) return;
      url.current = URL.createObjectURL(blob);
      const element = new Audio(url.current);
      audio.current = element;
      element.onended = () => {
        if (mine === run.current) stop();
      };
      await element.play();
      if (mine === run.current) setState('playing');
    } catch (error) {
      if (mine !== run.current) return;
      stop();
      notify.error(aiErrorMessage(error, t));
    }
  };

  const busy = state !== 'idle';
  return (
    <Button
      size="small"
      variant="outlined"
      onClick={() => void play()}
      startIcon={
        state === 'loading' ? (
          <Spinner size={14} color="inherit" />
        ) : state === 'playing' ? (
          <StopIcon />
        ) : (
          <PlayArrow />
        )
      }
      sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
      data-testid="compose-play"
      data-state={state}
      aria-pressed={busy}
    >
      {busy ? t('responses.compose.stop') : t('responses.compose.play')}
    </Button>
  );
}
