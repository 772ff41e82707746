import { useCallback, useEffect, useMemo, useState } from 'react';
import type { DeviceApi } from '../api/device-api';
import { createAvatarLink, type AvatarLink } from '../avatar/avatar-link';
import { createSpeechPlayer, type SpeechPlayer } from '../lib/speech-player';

export type DeviceSpeech = {
  /** One speech player for answers and announcements, so one never talks over the other. */
  player: SpeechPlayer | null;
  /** The avatar on screen, when there is one: it speaks the answers with lip sync. */
  avatarLink: AvatarLink;
  /** The visitor's mute switch. */
  muted: boolean;
  toggleMute: () => void;
  /** Each visitor starts with the sound on. */
  unmute: () => void;
};

/** The kiosk's voice for the paired key's device API, and the visitor's mute switch. */
export function useDeviceSpeech(api: DeviceApi | null): DeviceSpeech {
  const player = useMemo(() => (api ? createSpeechPlayer(api.speech) : null), [api]);
  // The avatar in use speaks the answers with lip sync (its player has the clip); else they play as audio.
  const avatarLink = useMemo(() => createAvatarLink(), []);
  useEffect(() => {
    player?.setVoice((blob, text, signal) =>
      avatarLink.ready ? avatarLink.speak(blob, text, signal) : null,
    );
  }, [player, avatarLink]);
  const [muted, setMuted] = useState(false);
  const toggleMute = () => {
    player?.setMuted(!muted);
    setMuted(!muted);
  };
  const unmute = useCallback(() => {
    player?.setMuted(false);
    setMuted(false);
  }, [player]);
  return { player, avatarLink, muted, toggleMute, unmute };
}
