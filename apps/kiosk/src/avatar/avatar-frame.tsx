import { useCallback, type ReactNode } from 'react';
import type { Language } from '@ambassador/contracts';
import { useDevice, useKioskPart } from '../device/device-context';
import { STRINGS } from '../i18n/strings';
import type { AvatarLink } from './avatar-link';
import { AvatarStage } from './avatar-stage';

/**
 * The screen below the device's avatar in use, when it has one (the start screen and the chat):
 * it shows as soon as an operator picks one, and is taken away at once.
 */
export function AvatarFrame({
  link,
  compact,
  language,
  children,
}: {
  link: AvatarLink;
  /** The chat: a smaller avatar beside the conversation. */
  compact: boolean;
  language: Language;
  children: ReactNode;
}) {
  const avatar = useKioskPart('avatar');
  const { api } = useDevice();
  const fresh = useCallback(() => api.avatar(), [api]);
  if (!avatar) return children;
  return (
    <div className={compact ? 'k-frame k-frame-chat' : 'k-frame'}>
      <AvatarStage
        avatar={avatar}
        fresh={fresh}
        link={link}
        compact={compact}
        listeningLabel={STRINGS[language].listening}
      />
      <div className="k-screen">{children}</div>
    </div>
  );
}
