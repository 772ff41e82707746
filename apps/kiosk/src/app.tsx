import type { Language } from '@ambassador/contracts';
import { AvatarFrame } from './avatar/avatar-frame';
import { DeviceProvider, useKiosk } from './device/device-context';
import type { LinkStatus } from './device/use-device-link';
import { useDeviceSpeech } from './device/use-device-speech';
import { EventRunScreen } from './event/event-run-screen';
import { homeLanguage } from './lib/languages';
import type { Timing } from './lib/timing';
import { PushOverlay } from './push/push-overlay';
import type { SocketFactory } from './realtime/realtime-client';
import { ChatScreen } from './screens/chat-screen';
import { ConnectingScreen } from './screens/connecting-screen';
import { PairingScreen } from './screens/pairing-screen';
import { StartScreen } from './screens/start-screen';
import { useVisitorSession, type VisitorPhase } from './screens/use-visitor-session';

type Phase = Exclude<LinkStatus, { name: 'ready' }> | VisitorPhase;

type Props = {
  timing?: Partial<Timing>;
  /** How the device socket is opened (tests pass a fake; the default loads socket.io-client). */
  socketFactory?: SocketFactory;
};

/**
 * The kiosk: pairing → start screen → one chat, or one run of the current event, per visitor →
 * start screen. A refused key (401) from any call, or from the device socket, goes back to
 * pairing; a server that cannot be reached keeps the key and retries. Announcements from
 * operators show over every screen.
 */
export function App({ timing, socketFactory }: Props) {
  return (
    <DeviceProvider timing={timing} socketFactory={socketFactory}>
      <KioskPhases />
    </DeviceProvider>
  );
}

/** Shows the phase the kiosk is in; the avatar goes above the start screen and the chat. */
function KioskPhases() {
  const link = useKiosk();
  const { api, config, realtime, timing } = link;
  const speech = useDeviceSpeech(api);
  const visitor = useVisitorSession(link, speech.unmute);
  const phase: Phase = link.status.name === 'ready' ? visitor.phase : link.status;
  const { player, muted, toggleMute } = speech;
  const unpaired = () => link.forget(false);

  function screen() {
    switch (phase.name) {
      case 'pairing':
        return (
          <PairingScreen revoked={phase.revoked} timeoutMs={timing.requestTimeoutMs} onPaired={link.paired} />
        );
      case 'connecting':
      case 'offline':
        return (
          <ConnectingScreen
            offline={phase.name === 'offline' ? phase : null}
            api={api}
            staffHoldMs={timing.staffHoldMs}
            onRetry={link.retry}
            onUnpaired={unpaired}
          />
        );
      case 'start':
        return (
          <StartScreen
            player={player}
            starting={visitor.starting}
            failed={visitor.failed}
            onStart={visitor.start}
            onStartEvent={visitor.startEvent}
            onUnpaired={unpaired}
          />
        );
      case 'chat':
        if (!player) return null;
        return (
          <ChatScreen
            key={phase.sessionId}
            player={player}
            avatar={speech.avatarLink}
            muted={muted}
            onToggleMute={toggleMute}
            sessionId={phase.sessionId}
            language={phase.language}
            firstQuestion={phase.firstQuestion}
            onEnd={() => visitor.end(phase.sessionId)}
            onLanguage={(language) => visitor.setLanguage(phase.sessionId, language)}
          />
        );
      case 'event':
        if (!player) return null;
        return (
          <EventRunScreen
            key={phase.run}
            event={phase.event}
            language={phase.language}
            player={player}
            muted={muted}
            onToggleMute={toggleMute}
            onDone={visitor.endEvent}
          />
        );
    }
  }

  const fallback = config?.device.default_language ?? 'english';
  const language: Language =
    phase.name === 'chat' || phase.name === 'event'
      ? phase.language
      : config
        ? homeLanguage(config.device)
        : fallback;
  return (
    <>
      {phase.name === 'start' || phase.name === 'chat' ? (
        <AvatarFrame link={speech.avatarLink} compact={phase.name === 'chat'} language={language}>
          {screen()}
        </AvatarFrame>
      ) : (
        screen()
      )}
      {realtime && (
        <PushOverlay
          realtime={realtime}
          language={language}
          defaultLanguage={fallback}
          player={player}
          muted={muted}
        />
      )}
    </>
  );
}
