import type { Language } from '@ambassador/contracts';
import { DeviceApiError } from '../api/device-client';

export type SpeechItem = { language: Language; text: string };
type FetchSpeech = (language: Language, text: string, signal: AbortSignal) => Promise<Blob>;
/**
 * Another way to play a clip (the avatar, whose mouth follows it): resolves like a played clip
 * (true when heard to its end), or null when it cannot play now (the clip then plays as usual).
 */
export type Voice = (blob: Blob, text: string, signal: AbortSignal) => Promise<boolean> | null;

/** Speech is limited to this many characters by the device API. */
const MAX_SPEECH = 1000;

/**
 * Plays answers' speech one clip at a time. A new answer cuts off the previous one; muting stops
 * at once; a server without a speech engine (503 `tts_unavailable`) is not asked again, and a
 * browser that blocks autoplay is simply silent.
 */
export function createSpeechPlayer(fetchSpeech: FetchSpeech) {
  let muted = false;
  let held = false;
  let unavailable = false;
  let controller: AbortController | null = null;
  let voice: Voice | null = null;

  function stop() {
    controller?.abort();
    controller = null;
  }

  /** Plays one clip; true when it was heard to its end. Aborting stops it and frees it. */
  function playBlob(blob: Blob, signal: AbortSignal): Promise<boolean> {
    return new Promise((resolve) => {
      if (typeof URL.createObjectURL !== 'function') return resolve(false);
      const url = URL.createObjectURL(blob);
      const clip = new Audio(url);
      let finished = false;
      const finish = (heard: boolean) => {
        if (finished) return;
        finished = true;
        signal.removeEventListener('abort', stopped);
        clip.pause();
        clip.removeAttribute('src');
        URL.revokeObjectURL(url);
        resolve(heard);
      };
      const stopped = () => finish(false);
      clip.addEventListener('ended', () => finish(true), { once: true });
      clip.addEventListener('error', stopped, { once: true });
      signal.addEventListener('abort', stopped, { once: true });
      // Autoplay may be refused until someone has touched the screen: then stay silent.
      Promise.resolve()
        .then(() => clip.play())
        .catch(stopped);
    });
  }

  async function run(items: SpeechItem[], signal: AbortSignal): Promise<boolean> {
    for (const item of items) {
      if (signal.aborted || muted || held || unavailable) return false;
      let blob: Blob;
      try {
        blob = await fetchSpeech(item.language, item.text.slice(0, MAX_SPEECH), signal);
      } catch (error) {
        if (error instanceof DeviceApiError && error.code === 'tts_unavailable') unavailable = true;
        return false;
      }
      if (signal.aborted || muted || held) return false;
      const heard = (await voice?.(blob, item.text, signal)) ?? (await playBlob(blob, signal));
      if (!heard) return false;
    }
    return true;
  }

  return {
    /**
     * Replaces whatever is playing with these clips, in order. Resolves when they are over: true
     * when every clip was heard to its end, false when they were cut off, muted, refused or could
     * not be spoken at all (an event's announcement then waits for the visitor instead).
     */
    speak(items: SpeechItem[]): Promise<boolean> {
      stop();
      const wanted = items.filter((i) => i.text.trim() !== '');
      if (muted || held || unavailable || wanted.length === 0) return Promise.resolve(false);
      const current = new AbortController();
      controller = current;
      return run(wanted, current.signal);
    },
    stop,
    setMuted(value: boolean) {
      muted = value;
      if (value) stop();
    },
    /** Clips play through this voice while it is set (the avatar), else as audio. */
    setVoice(next: Voice | null) {
      voice = next;
    },
    /** While a video call is live nothing is spoken over it (the visitor's mute is kept apart). */
    hold(value: boolean) {
      held = value;
      if (value) stop();
    },
  };
}

export type SpeechPlayer = ReturnType<typeof createSpeechPlayer>;
