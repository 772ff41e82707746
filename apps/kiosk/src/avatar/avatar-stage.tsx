import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { KioskAvatar } from '@ambassador/contracts';
import type { AvatarLink } from './avatar-link';

/**
 * The device's avatar above the kiosk's screens: the avatar player in a frame, loaded with a
 * fresh address (its token is short-lived) each time the avatar changes. It idles on the start
 * screen and speaks in the chat; while the microphone is on, a "Listening" badge shows over it.
 * Without WebGL the player shows the still portrait with captions itself.
 */
export function AvatarStage({
  avatar,
  fresh,
  link,
  compact,
  listeningLabel,
}: {
  avatar: KioskAvatar;
  /** A new player address for this avatar (GET /device_api/v1/avatar); null when it is gone. */
  fresh: () => Promise<KioskAvatar | null>;
  link: AvatarLink;
  compact: boolean;
  listeningLabel: string;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  /** The address the frame opens, for which avatar: asked for fresh (the config's token may be old). */
  const [opened, setOpened] = useState<{ id: number; url: string } | null>(null);
  const listening = useSyncExternalStore(link.subscribe, () => link.listening);
  useEffect(() => {
    let live = true;
    const id = avatar.avatar_id;
    fresh().then(
      (now) => {
        if (live && now) setOpened({ id, url: now.player_url });
      },
      // Unreachable just now: the address the config came with.
      () => live && setOpened({ id, url: avatar.player_url }),
    );
    return () => {
      live = false;
    };
  }, [avatar.avatar_id, avatar.player_url, fresh]);
  const src = opened?.id === avatar.avatar_id ? opened.url : null;
  useEffect(() => () => link.attach(null), [link]);
  return (
    <div className={compact ? 'k-avatar k-avatar-compact' : 'k-avatar'} data-testid="kiosk-avatar">
      {src && (
        <iframe
          key={src}
          ref={frame}
          src={src}
          title={avatar.name}
          allow="autoplay"
          className="k-avatar-frame"
          onLoad={() => link.attach(frame.current?.contentWindow ?? null)}
        />
      )}
      {listening && (
        <p className="k-avatar-listening" role="status" data-testid="kiosk-avatar-listening">
          {listeningLabel}
        </p>
      )}
    </div>
  );
}
