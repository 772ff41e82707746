import type { PlayerCommand, PlayerEvent, PlayerState } from '@ambassador/contracts';

/**
 * The kiosk's line to the avatar player in its frame: which frame (once it is ready), and the
 * commands the chat sends it — play the answer's gesture, speak a clip with lip sync (the speech
 * player hands it the audio), listen while the microphone is on. With no avatar shown, nothing
 * is sent and speech plays as before.
 */
export function createAvatarLink() {
  let target: Window | null = null;
  let state: PlayerState | null = null;
  let listening = false;
  const ended = new Set<() => void>();
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((l) => l());

  const send = (command: PlayerCommand, transfer: Transferable[] = []) =>
    target?.postMessage(command, window.location.origin, transfer);

  const onMessage = (e: MessageEvent<PlayerEvent>) => {
    if (e.origin !== window.location.origin || !target || e.source !== target) return;
    const message = e.data;
    if (message?.type === 'avatar:ready' || message?.type === 'avatar:state') {
      const first = !state?.ready;
      state = message.state;
      if (first) {
        send({ type: 'avatar:listen', on: listening });
        changed();
      }
    } else if (message?.type === 'avatar:ended') {
      for (const done of [...ended]) done();
    } else if (message?.type === 'avatar:error') {
      state = null;
      changed();
    }
  };

  return {
    /** The frame's window (null when it goes): messages go there once its player says it is ready. */
    attach(win: Window | null) {
      if (win === target) return;
      target = win;
      state = null;
      if (win) window.addEventListener('message', onMessage);
      else window.removeEventListener('message', onMessage);
      changed();
    },
    /** Whether an avatar is on screen and ready to speak (WebGL or its still portrait). */
    get ready() {
      return Boolean(target && state?.ready);
    },
    get state() {
      return state;
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    play(motion: string | null | undefined) {
      if (motion && this.ready) send({ type: 'avatar:play', motion });
    },
    listen(on: boolean) {
      listening = on;
      if (this.ready) send({ type: 'avatar:listen', on });
      changed();
    },
    get listening() {
      return listening;
    },
    /**
     * Speaks a clip through the avatar, its mouth following the sound; resolves true when it was
     * heard to its end, false when cut off (`signal`) or the avatar went away.
     */
    async speak(blob: Blob, text: string, signal: AbortSignal): Promise<boolean> {
      if (!this.ready) return false;
      const audio = await blob.arrayBuffer();
      if (signal.aborted) return false;
      return new Promise<boolean>((resolve) => {
        const finish = (heard: boolean) => {
          ended.delete(done);
          signal.removeEventListener('abort', stop);
          resolve(heard);
        };
        const done = () => finish(true);
        const stop = () => {
          send({ type: 'avatar:stop' });
          finish(false);
        };
        ended.add(done);
        signal.addEventListener('abort', stop, { once: true });
        send({ type: 'avatar:speak', audio, text }, [audio]);
      });
    },
  };
}
export type AvatarLink = ReturnType<typeof createAvatarLink>;
