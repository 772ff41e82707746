import { useCallback, useEffect, useRef, useState } from 'react';
import type { AskResult, Language } from '@ambassador/contracts';
import type { AvatarLink } from '../avatar/avatar-link';
import { BotAnswer } from '../chat/bot-answer';
import { Composer } from '../chat/composer';
import { IdleOverlay } from '../chat/idle-overlay';
import { TextBubble } from '../chat/response-contents';
import { useChat, type Exchange } from '../chat/use-chat';
import { FullscreenButton } from '../components/fullscreen-button';
import { MuteButton } from '../components/mute-button';
import { useDevice, useKioskPart } from '../device/device-context';
import { STRINGS } from '../i18n/strings';
import { HTML_LANG, LANGUAGE_LABELS, answerWrittenIn } from '../lib/languages';
import type { SpeechPlayer } from '../lib/speech-player';
import { useIdleTimeout } from '../lib/use-idle-timeout';
import { isShown, staffOptions } from '../lib/sections';
import { StaffButtons, StaffPanel, type PanelKind } from '../staff/staff-panel';

type Props = {
  sessionId: string;
  language: Language;
  /** Asked as soon as the screen opens (a carousel banner linked to a topic was touched). */
  firstQuestion?: string;
  /** The kiosk's speech (shared with announcements) and the visitor's mute switch. */
  player: SpeechPlayer;
  /** The avatar, when the device has one in use: it plays each answer's gesture and listens. */
  avatar?: AvatarLink;
  muted: boolean;
  onToggleMute: () => void;
  /** The visitor left (End) or walked away (idle): the app ends the session. */
  onEnd: (reason: 'visitor' | 'idle') => void;
  /**
   * The visitor wrote in another language the device offers and was answered in it: the screen,
   * the voice and the listening go on in it (the app keeps it for the session). Without it the
   * screen keeps its language and only that answer is in the other one.
   */
  onLanguage?: (language: Language) => void;
  /**
   * Opened by an event's nlp step: a "Continue event" button goes back to the event, and End
   * reads "Leave" (it leaves the whole event).
   */
  eventStep?: { onContinue: () => void };
};

/** The language of the last answer before exchange `i`, else the one the session opened in. */
function answeredBefore(exchanges: readonly Exchange[], i: number, opening: Language): Language {
  for (let j = i - 1; j >= 0; j--) {
    const result = exchanges[j]!.result;
    if (result) return result.language;
  }
  return opening;
}

/** "Now in Cantonese", in Cantonese, above the first answer given in another language. */
function AnsweredIn({ answered, before }: { answered: Language; before: Language }) {
  if (answered === before) return null;
  return (
    <p className="k-language-switch" lang={HTML_LANG[answered]} data-testid="kiosk-language-switch">
      {STRINGS[answered].languageSwitched}
    </p>
  );
}

/** One visitor's conversation in the language they chose, or the one they went on in. */
export function ChatScreen({
  sessionId,
  language,
  firstQuestion,
  player,
  avatar,
  muted,
  onToggleMute,
  onEnd,
  onLanguage,
  eventStep,
}: Props) {
  const { api, realtime, timing, config } = useDevice();
  const sections = useKioskPart('sections');
  const strings = STRINGS[language];
  // The language the session opened in: what the first answer is compared with.
  const [opening] = useState(language);
  useEffect(() => () => player.stop(), [player]);
  const [panel, setPanel] = useState<PanelKind | null>(null);
  const [callLive, setCallLive] = useState(false);

  const idle = useRef<() => void>(() => undefined);
  const listen = useCallback((on: boolean) => avatar?.listen(on), [avatar]);
  // The microphone is off when the chat ends.
  useEffect(() => () => avatar?.listen(false), [avatar]);
  const onAnswer = (result: AskResult) => {
    idle.current();
    avatar?.play(result.avatar_motion);
    // A topic speaks its responses; a location, the documents, small talk and a topic filter speak
    // their one answer.
    const single = result.answered_by === 'topic' ? '' : (result.answer_speech ?? result.answer_text ?? '');
    const answeredIn = result.language;
    if (answeredIn !== language) onLanguage?.(answeredIn);
    // A document sentence in another language is read in that language's voice.
    const voice = answerWrittenIn(result.source, answeredIn) ?? answeredIn;
    player.speak(
      single.trim()
        ? [{ language: voice, text: single }]
        : result.responses.map((r) => ({ language: answeredIn, text: r.speech })),
    );
  };
  const chat = useChat({ api, sessionId, language, retryDelaysMs: timing.retryDelaysMs, onAnswer });
  // A live call holds the clock; a staff chat gives the visitor far longer (a reply may take a
  // while) but still ends one left behind, so the next visitor never sees it.
  const { secondsLeft, reset } = useIdleTimeout({
    idleMs: panel === 'chat' ? timing.staffIdleMs : timing.idleMs,
    warningMs: timing.warningMs,
    paused: chat.busy || callLive,
    onTimeout: () => onEnd('idle'),
  });
  useEffect(() => {
    idle.current = reset;
  });

  // Keep the newest exchange in view: its question at the top when the answer is long.
  const lastExchange = useRef<HTMLElement | null>(null);
  const scroller = useRef<HTMLElement | null>(null);
  const latest = chat.exchanges.at(-1);
  useEffect(() => {
    const node = lastExchange.current;
    if (!node) return;
    if (typeof node.scrollIntoView === 'function')
      node.scrollIntoView({ block: 'start', behavior: 'smooth' });
    else if (scroller.current) scroller.current.scrollTop = scroller.current.scrollHeight;
  }, [latest?.id, latest?.status]);

  const ask = (text: string) => chat.ask(text);
  // Once per visitor (the screen is keyed by session), even if React runs effects twice.
  const askedFirst = useRef(false);
  useEffect(() => {
    if (!firstQuestion || askedFirst.current) return;
    askedFirst.current = true;
    void chat.ask(firstQuestion);
  }, [firstQuestion, chat]);
  // What visitors ask most, offered until the first question (a chat that opens empty says nothing).
  const [suggested, setSuggested] = useState<string[]>([]);
  useEffect(() => {
    const stop = new AbortController();
    api.suggestions(language, stop.signal).then(setSuggested, () => undefined);
    return () => stop.abort();
  }, [api, language]);
  const welcome = config.messages.welcome[language]?.trim() || strings.welcomeDefault;
  const staff = staffOptions(config.device, sections);

  return (
    <div className="k-chat" lang={HTML_LANG[language]}>
      <header className={eventStep ? 'k-bar k-bar-event' : 'k-bar'}>
        <div className="k-bar-title">
          {/* The screen's one top-level heading: the device the visitor is talking to. */}
          <h1 className="k-bar-name" data-testid="kiosk-device-name">
            {config.device.description}
          </h1>
          <span className="k-bar-language">{LANGUAGE_LABELS[language]}</span>
        </div>
        <StaffButtons
          strings={strings}
          withChat={staff.chat}
          withCall={staff.call}
          compact
          onOpen={setPanel}
        />
        <MuteButton muted={muted} strings={strings} onToggle={onToggleMute} />
        <FullscreenButton enterLabel={strings.fullscreen} exitLabel={strings.exitFullscreen} />
        {eventStep && (
          <button
            type="button"
            className="k-btn k-btn-continue"
            data-testid="event-continue"
            onClick={eventStep.onContinue}
          >
            {strings.eventContinue}
          </button>
        )}
        <button
          type="button"
          className={eventStep ? 'k-btn k-btn-leave' : 'k-btn k-btn-end'}
          data-testid={eventStep ? 'event-leave' : 'kiosk-end'}
          onClick={() => onEnd('visitor')}
        >
          {eventStep ? strings.eventLeave : strings.end}
        </button>
      </header>
      <main className="k-messages" ref={scroller} aria-live="polite">
        <div
          className="k-message k-message-bot"
          data-testid="kiosk-message-bot"
          data-fallback="false"
          data-welcome="true"
        >
          <TextBubble text={welcome} />
        </div>
        {chat.exchanges.length === 0 && !firstQuestion && suggested.length > 0 && (
          <div className="k-related k-suggested" role="group" aria-label={strings.suggested}>
            <span className="k-related-label">{strings.suggested}</span>
            {suggested.map((text) => (
              <button
                key={text}
                type="button"
                className="k-chip"
                data-testid="kiosk-suggested"
                disabled={chat.busy}
                onClick={() => ask(text)}
              >
                {text}
              </button>
            ))}
          </div>
        )}
        {chat.exchanges.map((exchange, i) => (
          <section
            key={exchange.id}
            className="k-exchange"
            ref={exchange.id === latest?.id ? lastExchange : undefined}
          >
            <div className="k-message k-message-visitor">
              <p
                className="k-bubble k-bubble-visitor"
                data-testid="kiosk-message-visitor"
                aria-label={strings.you}
              >
                {exchange.question}
              </p>
            </div>
            {exchange.status === 'sending' && (
              <div className="k-typing" role="status" aria-label={strings.typing} data-testid="kiosk-typing">
                <span />
                <span />
                <span />
              </div>
            )}
            {exchange.status === 'failed' && (
              <div className="k-message k-message-error" role="alert" data-testid="kiosk-message-error">
                <p className="k-bubble k-bubble-error">{exchange.refusal ?? strings.networkError}</p>
                <button
                  type="button"
                  className="k-btn k-btn-outline"
                  data-testid="kiosk-retry"
                  disabled={chat.busy}
                  onClick={() => chat.retry(exchange.id)}
                >
                  {strings.tryAgain}
                </button>
              </div>
            )}
            {exchange.status === 'answered' && exchange.result && (
              <AnsweredIn
                answered={exchange.result.language}
                before={answeredBefore(chat.exchanges, i, opening)}
              />
            )}
            {exchange.status === 'answered' && exchange.result && (
              <BotAnswer
                result={exchange.result}
                api={api}
                strings={STRINGS[exchange.result.language]}
                fallbackText={config.messages.fallback[exchange.result.language]}
                onAsk={ask}
                withChat={staff.chat}
                withCall={staff.call}
                withRelated={isShown(sections, 'ask', 'related_topics')}
                withRating={isShown(sections, 'ask', 'rating')}
                onStaff={setPanel}
                language={exchange.result.language}
                realtime={realtime}
              />
            )}
          </section>
        ))}
      </main>
      <Composer
        language={language}
        strings={strings}
        busy={chat.busy}
        withVoice={isShown(sections, 'ask', 'voice_input')}
        onAsk={ask}
        onListening={listen}
      />
      {panel && (
        <StaffPanel
          kind={panel}
          api={api}
          realtime={realtime}
          language={language}
          strings={strings}
          timing={timing}
          player={player}
          visitorSessionId={sessionId}
          onClose={() => setPanel(null)}
          onActivity={reset}
          onCallLiveChange={setCallLive}
        />
      )}
      {secondsLeft !== null && <IdleOverlay secondsLeft={secondsLeft} strings={strings} onContinue={reset} />}
    </div>
  );
}
