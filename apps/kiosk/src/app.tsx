import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type {
  DeviceConfig,
  KioskAvatarChanged,
  KioskBanner,
  KioskEvent,
  KioskIdleScreen,
  KioskSections,
  Language,
} from '@ambassador/contracts';
import { createDeviceApi } from './api/device-api';
import { DeviceApiError } from './api/device-client';
import { createAvatarLink } from './avatar/avatar-link';
import { AvatarStage } from './avatar/avatar-stage';
import { Bilingual } from './components/bilingual';
import { STRINGS } from './i18n/strings';
import { StaffSettings } from './components/staff-settings';
import { EventRunScreen } from './event/event-run-screen';
import { runLanguage } from './event/event-run';
import { keyStore } from './lib/key-store';
import { homeLanguage } from './lib/languages';
import { createSpeechPlayer } from './lib/speech-player';
import { DEFAULT_TIMING, type Timing } from './lib/timing';
import { PushOverlay } from './push/push-overlay';
import { SOCKET, createRealtime, type SocketFactory } from './realtime/realtime-client';
import { ChatScreen } from './screens/chat-screen';
import { PairingScreen } from './screens/pairing-screen';
import { StartScreen } from './screens/start-screen';

type Phase =
  | { name: 'pairing'; revoked: boolean }
  | { name: 'connecting' }
  | { name: 'offline'; status: number }
  | { name: 'start' }
  | { name: 'chat'; sessionId: string; language: Language; firstQuestion?: string }
  /** A visitor runs the device's current event (`run` tells runs apart). */
  | { name: 'event'; event: KioskEvent; language: Language; run: number };

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
export function App({ timing: overrides, socketFactory }: Props) {
  const [timing] = useState<Timing>(() => ({ ...DEFAULT_TIMING, ...overrides }));
  const [key, setKey] = useState<string | null>(() => keyStore.get());
  const [config, setConfig] = useState<DeviceConfig | null>(null);
  const [phase, setPhase] = useState<Phase>(() =>
    key ? { name: 'connecting' } : { name: 'pairing', revoked: false },
  );
  const [starting, setStarting] = useState<Language | null>(null);
  const [startFailed, setStartFailed] = useState<Language | null>(null);
  const [attempt, setAttempt] = useState(0);

  const forget = useCallback((revoked: boolean) => {
    keyStore.clear();
    setKey(null);
    setConfig(null);
    setStarting(null);
    setStartFailed(null);
    setPhase({ name: 'pairing', revoked });
  }, []);

  const api = useMemo(
    () =>
      key
        ? createDeviceApi({ key, timeoutMs: timing.requestTimeoutMs, onUnauthorized: () => forget(true) })
        : null,
    [key, timing.requestTimeoutMs, forget],
  );

  // One speech player for answers and announcements, so one never talks over the other.
  const player = useMemo(() => (api ? createSpeechPlayer(api.speech) : null), [api]);
  // The avatar in use speaks the answers with lip sync (its player has the clip); else they play as audio.
  const avatarLink = useMemo(() => createAvatarLink(), []);
  useEffect(() => {
    player?.setVoice((blob, text, signal) =>
      avatarLink.ready ? avatarLink.speak(blob, text, signal) : null,
    );
  }, [player, avatarLink]);
  const freshAvatar = useCallback(() => (api ? api.avatar() : Promise.resolve(null)), [api]);
  const [muted, setMuted] = useState(false);
  const toggleMute = () => {
    player?.setMuted(!muted);
    setMuted(!muted);
  };

  // One device socket per paired key: live chat, calls and announcements. Made here, opened and
  // closed by the effect (so strict mode's second run opens it again).
  const realtime = useMemo(
    () =>
      api && key
        ? createRealtime({
            key,
            factory: socketFactory,
            onUnauthorized: () => forget(true),
            // A 401 here goes back to pairing by itself (the client's onUnauthorized).
            verifyKey: () =>
              api.config().then(
                (loaded) => {
                  setConfig(loaded);
                  return true;
                },
                (error: unknown) => !(error instanceof DeviceApiError && error.status === 401),
              ),
            retryMs: timing.reconnectMs,
          })
        : null,
    [api, key, socketFactory, forget, timing.reconnectMs],
  );
  useEffect(() => {
    realtime?.open();
    return () => realtime?.close();
  }, [realtime]);

  // What an operator switches in Interface Settings shows at once, on every screen; on a
  // reconnection the config is read again, for a change made while the socket was away.
  useEffect(() => {
    if (!realtime || !api) return;
    const offSections = realtime.on<KioskSections>(SOCKET.interfaceSections, (sections) =>
      setConfig((current) => (current ? { ...current, sections } : current)),
    );
    const offCarousel = realtime.on<KioskBanner[]>(SOCKET.interfaceCarousel, (carousel) =>
      setConfig((current) => (current ? { ...current, carousel } : current)),
    );
    const offIdle = realtime.on<KioskIdleScreen>(SOCKET.interfaceIdleScreen, (idle_screen) =>
      setConfig((current) => (current ? { ...current, idle_screen } : current)),
    );
    // The current event changed or ended: the start screen offers it, a run under way stops
    // unless it is the same event.
    const offEvent = realtime.on<KioskEvent | null>(SOCKET.eventActive, (event) =>
      setConfig((current) => (current ? { ...current, event } : current)),
    );
    // The avatar in use changed, was renamed or deleted: shown (or taken away) at once.
    const offAvatar = realtime.on<KioskAvatarChanged>(SOCKET.interfaceAvatar, ({ avatar }) =>
      setConfig((current) => (current ? { ...current, avatar } : current)),
    );
    let first = true;
    const offConnect = realtime.onConnect(() => {
      if (first) {
        first = false;
        return;
      }
      api.config().then(setConfig, () => undefined);
    });
    return () => {
      offSections();
      offCarousel();
      offIdle();
      offEvent();
      offAvatar();
      offConnect();
    };
  }, [realtime, api]);

  // A remembered key: fetch the device's configuration, and keep trying while the server is away.
  const needsConfig = phase.name === 'connecting' || phase.name === 'offline';
  useEffect(() => {
    if (!api || !needsConfig) return;
    const controller = new AbortController();
    api.config(controller.signal).then(
      (loaded) => {
        setConfig(loaded);
        setPhase({ name: 'start' });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof DeviceApiError && error.status === 401) return;
        setPhase({ name: 'offline', status: error instanceof DeviceApiError ? error.status : 0 });
      },
    );
    return () => controller.abort();
  }, [api, needsConfig, attempt]);
  useEffect(() => {
    if (phase.name !== 'offline') return;
    const timer = setTimeout(() => setAttempt((n) => n + 1), timing.reconnectMs);
    return () => clearTimeout(timer);
  }, [phase, timing.reconnectMs]);

  const startRef = useRef(false);
  const start = async (language: Language, firstQuestion?: string) => {
    if (!api || startRef.current) return;
    startRef.current = true;
    setStarting(language);
    setStartFailed(null);
    try {
      const session = await api.startSession(language);
      // Each visitor starts with the sound on.
      player?.setMuted(false);
      setMuted(false);
      setPhase({ name: 'chat', sessionId: session.session_id, language, firstQuestion });
    } catch (error) {
      if (!(error instanceof DeviceApiError && error.status === 401)) setStartFailed(language);
    } finally {
      startRef.current = false;
      setStarting(null);
    }
  };

  const end = (sessionId: string) => {
    if (!api) return;
    // The visitor is gone either way: the start screen does not wait for the server.
    api.endSession(sessionId).catch(() => undefined);
    setPhase({ name: 'start' });
    // Pick up what staff changed meanwhile (languages, welcome text).
    api.config().then(setConfig, () => undefined);
  };

  const runs = useRef(0);
  const startEvent = () => {
    const event = config?.event;
    if (!event || !config || phase.name !== 'start') return;
    const language = runLanguage(event, homeLanguage(config.device));
    if (!language) return;
    player?.setMuted(false);
    setMuted(false);
    setPhase({ name: 'event', event, language, run: ++runs.current });
  };

  const endEvent = () => {
    setPhase({ name: 'start' });
    api?.config().then(setConfig, () => undefined);
  };

  const paired = (newKey: string, loaded: DeviceConfig) => {
    keyStore.set(newKey);
    setKey(newKey);
    setConfig(loaded);
    setPhase({ name: 'start' });
  };

  // What the phase shows; announcements go over it.
  function screen() {
    switch (phase.name) {
      case 'pairing':
        return (
          <PairingScreen revoked={phase.revoked} timeoutMs={timing.requestTimeoutMs} onPaired={paired} />
        );
      case 'connecting':
      case 'offline':
        return (
          <main className="k-connecting" lang="en">
            <div className="k-corner">
              {api && (
                <StaffSettings
                  holdMs={timing.staffHoldMs}
                  unpair={(pin) => api.staffUnpair(pin)}
                  onUnpaired={() => forget(false)}
                />
              )}
            </div>
            {phase.name === 'connecting' ? (
              <p className="k-connecting-text" role="status">
                <Bilingual k="connecting" />
              </p>
            ) : (
              <div className="k-card k-offline" role="alert" data-testid="kiosk-offline">
                <p>
                  {phase.status >= 500 ? (
                    <Bilingual k="serverError" values={{ status: phase.status }} />
                  ) : (
                    <Bilingual k="offline" />
                  )}
                </p>
                <button
                  type="button"
                  className="k-btn k-btn-primary"
                  onClick={() => setAttempt((n) => n + 1)}
                >
                  <Bilingual k="retryNow" />
                </button>
              </div>
            )}
          </main>
        );
      case 'start':
        if (!config || !api) return null;
        return (
          <StartScreen
            config={config}
            api={api}
            realtime={realtime}
            player={player}
            timing={timing}
            starting={starting}
            failed={startFailed}
            onStart={(language, firstQuestion) => void start(language, firstQuestion)}
            onStartEvent={startEvent}
            onUnpaired={() => forget(false)}
          />
        );
      case 'chat':
        if (!config || !api || !player) return null;
        return (
          <ChatScreen
            key={phase.sessionId}
            api={api}
            realtime={realtime}
            player={player}
            avatar={avatarLink}
            muted={muted}
            onToggleMute={toggleMute}
            config={config}
            sessionId={phase.sessionId}
            language={phase.language}
            firstQuestion={phase.firstQuestion}
            timing={timing}
            onEnd={() => end(phase.sessionId)}
            onLanguage={(language) =>
              setPhase((p) => (p.name === 'chat' && p.sessionId === phase.sessionId ? { ...p, language } : p))
            }
          />
        );
      case 'event':
        if (!config || !api || !player) return null;
        return (
          <EventRunScreen
            key={phase.run}
            event={phase.event}
            current={config.event}
            language={phase.language}
            api={api}
            realtime={realtime}
            config={config}
            timing={timing}
            player={player}
            muted={muted}
            onToggleMute={toggleMute}
            onDone={endEvent}
          />
        );
    }
  }

  const fallback = config?.device.default_language ?? 'english';
  const language =
    phase.name === 'chat' || phase.name === 'event'
      ? phase.language
      : config
        ? homeLanguage(config.device)
        : fallback;
  const avatar = config?.avatar ?? null;
  const withAvatar = avatar !== null && (phase.name === 'start' || phase.name === 'chat');
  return (
    <>
      {withAvatar ? (
        <div className={phase.name === 'chat' ? 'k-frame k-frame-chat' : 'k-frame'}>
          <AvatarStage
            avatar={avatar}
            fresh={freshAvatar}
            link={avatarLink}
            compact={phase.name === 'chat'}
            listeningLabel={STRINGS[language].listening}
          />
          <div className="k-screen">{screen()}</div>
        </div>
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
