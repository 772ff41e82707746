import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import Box from '@mui/material/Box';
import type { PlayerCommand, PlayerEvent, PlayerState } from '@ambassador/contracts';

export interface AvatarFrameHandle {
  play(motion: string): void;
  speak(url: string, text: string, motion?: string | null): void;
  stop(): void;
}

/**
 * The avatar player (`/avatar-player/`, served by this server) in a frame, and the messages to it:
 * `play` a motion, `speak` a sentence with lip sync. `onState` hears the player's state (ready,
 * the motion playing, the mouth's openness).
 */
export const AvatarFrame = forwardRef<
  AvatarFrameHandle,
  {
    src: string;
    title: string;
    height: number | string;
    onState?: (state: PlayerState) => void;
    testId?: string;
  }
>(function AvatarFrame({ src, title, height, onState, testId = 'avatar-frame' }, ref) {
  const frame = useRef<HTMLIFrameElement>(null);
  const latest = useRef(onState);
  useEffect(() => {
    latest.current = onState;
  });
  useEffect(() => {
    const listen = (e: MessageEvent<PlayerEvent>) => {
      if (e.origin !== window.location.origin || e.source !== frame.current?.contentWindow) return;
      const message = e.data;
      if (message?.type === 'avatar:state' || message?.type === 'avatar:ready')
        latest.current?.(message.state);
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, []);
  const send = (command: PlayerCommand) =>
    frame.current?.contentWindow?.postMessage(command, window.location.origin);
  useImperativeHandle(ref, () => ({
    play: (motion) => send({ type: 'avatar:play', motion }),
    speak: (url, text, motion) => send({ type: 'avatar:speak', url, text, motion: motion ?? null }),
    stop: () => send({ type: 'avatar:stop' }),
  }));
  return (
    <Box
      component="iframe"
      ref={frame}
      src={src}
      title={title}
      allow="autoplay"
      data-testid={testId}
      sx={{
        display: 'block',
        width: '100%',
        height,
        border: 0,
        borderRadius: 1,
        bgcolor: '#eef2f8',
      }}
    />
  );
});
