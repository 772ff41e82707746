import type { Language } from '@ambassador/contracts';
import type { DeviceApi } from '../api/device-api';
import { CallView } from '../call/call-view';
import { ChatIcon, VideoCallIcon } from '../components/icons';
import type { Strings } from '../i18n/strings';
import type { SpeechPlayer } from '../lib/speech-player';
import type { Timing } from '../lib/timing';
import type { Realtime } from '../realtime/realtime-client';
import { StaffChatView } from './staff-chat-view';

/** What a visitor opened to reach a person: a live chat or a video call. */
export type PanelKind = 'chat' | 'call';

/** "Talk to staff" and "Call staff", each where the device offers it (see staffOptions). */
export function StaffButtons({
  strings,
  withChat = true,
  withCall,
  compact = false,
  onOpen,
}: {
  strings: Strings;
  withChat?: boolean;
  withCall: boolean;
  /** In the chat bar: icons with short labels that hide on narrow screens. */
  compact?: boolean;
  onOpen: (kind: PanelKind) => void;
}) {
  const className = compact ? 'k-btn k-btn-bar' : 'k-btn k-btn-outline k-staff-btn';
  return (
    <>
      {withChat && (
        <button
          type="button"
          className={className}
          data-testid="kiosk-staff-chat"
          aria-label={strings.talkToStaff}
          onClick={() => onOpen('chat')}
        >
          <ChatIcon />
          <span>{strings.talkToStaff}</span>
        </button>
      )}
      {withCall && (
        <button
          type="button"
          className={className}
          data-testid="kiosk-call"
          aria-label={strings.callStaff}
          onClick={() => onOpen('call')}
        >
          <VideoCallIcon />
          <span>{strings.callStaff}</span>
        </button>
      )}
    </>
  );
}

type PanelProps = {
  kind: PanelKind;
  api: DeviceApi;
  realtime: Realtime | null;
  language: Language;
  strings: Strings;
  timing: Timing;
  player: SpeechPlayer | null;
  visitorSessionId?: string;
  /** The directory unit whose staff the visitor asked for: the chat is tagged with it. */
  directoryUnitId?: number;
  onClose: () => void;
  /** Something happened the visitor may be waiting for (an operator wrote). */
  onActivity: () => void;
  onCallLiveChange: (live: boolean) => void;
};

/** The open chat or call, over the whole screen. */
export function StaffPanel({ kind, onCallLiveChange, ...props }: PanelProps) {
  if (kind === 'call')
    return (
      <CallView
        api={props.api}
        realtime={props.realtime}
        language={props.language}
        strings={props.strings}
        timing={props.timing}
        player={props.player}
        onClose={props.onClose}
        onLiveChange={onCallLiveChange}
      />
    );
  return (
    <StaffChatView
      api={props.api}
      realtime={props.realtime}
      language={props.language}
      strings={props.strings}
      visitorSessionId={props.visitorSessionId}
      directoryUnitId={props.directoryUnitId}
      retryDelaysMs={props.timing.retryDelaysMs}
      onClose={props.onClose}
      onActivity={props.onActivity}
    />
  );
}
