import { useEffect, useRef, useState } from 'react';
import type { Language } from '@ambassador/contracts';
import { useDevice } from '../device/device-context';
import type { Strings } from '../i18n/strings';
import type { SpeechPlayer } from '../lib/speech-player';
import { ChatScreen } from '../screens/chat-screen';
import { useFocusOn } from './activity-views';

type Props = {
  language: Language;
  strings: Strings;
  player: SpeechPlayer;
  muted: boolean;
  onToggleMute: () => void;
  /** "Continue event". */
  onContinue: () => void;
  onLeave: () => void;
  onIdle: () => void;
  /** Whether the question screen is open (it keeps its own idle clock meanwhile). */
  onChatOpen: (open: boolean) => void;
};

/**
 * The nlp step: the visitor asks the assistant on the usual question screen, in a visitor session
 * of its own, with "Continue event" to go on. The session ends when the step does, however it does.
 */
export function NlpStep({
  language,
  strings,
  player,
  muted,
  onToggleMute,
  onContinue,
  onLeave,
  onIdle,
  onChatOpen,
}: Props) {
  const { api } = useDevice();
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const open = useRef<string | null>(null);
  const mounted = useRef(true);
  const startedFor = useRef(-1);
  const chatOpen = useRef(onChatOpen);
  useEffect(() => {
    chatOpen.current = onChatOpen;
  });

  // Once per attempt, also under strict mode's second effect run.
  useEffect(() => {
    mounted.current = true;
    if (startedFor.current === attempt) return;
    startedFor.current = attempt;
    api.startSession(language).then(
      (session) => {
        if (!mounted.current) {
          api.endSession(session.session_id).catch(() => undefined);
          return;
        }
        open.current = session.session_id;
        setSessionId(session.session_id);
        chatOpen.current(true);
      },
      () => {
        if (mounted.current) setFailed(true);
      },
    );
  }, [api, language, attempt]);

  useEffect(
    () => () => {
      mounted.current = false;
      const id = open.current;
      open.current = null;
      if (id) api.endSession(id).catch(() => undefined);
      chatOpen.current(false);
    },
    [api],
  );

  const heading = useFocusOn<HTMLHeadingElement>(failed ? 'failed' : 'starting');

  if (sessionId)
    return (
      <ChatScreen
        sessionId={sessionId}
        language={language}
        player={player}
        muted={muted}
        onToggleMute={onToggleMute}
        onEnd={(reason) => (reason === 'idle' ? onIdle() : onLeave())}
        eventStep={{ onContinue }}
      />
    );
  return (
    <section className="k-event-panel" aria-labelledby="k-nlp-title">
      <h2 id="k-nlp-title" className="k-quiz-page-title" ref={heading} tabIndex={-1}>
        {failed ? strings.eventChatFailed : strings.starting}
      </h2>
      {failed && (
        <div className="k-event-actions">
          <button
            type="button"
            className="k-btn k-btn-outline"
            onClick={() => {
              setFailed(false);
              setAttempt((n) => n + 1);
            }}
          >
            {strings.tryAgain}
          </button>
          <button
            type="button"
            className="k-btn k-btn-primary k-event-next"
            data-testid="event-continue"
            onClick={onContinue}
          >
            {strings.eventContinue}
          </button>
        </div>
      )}
    </section>
  );
}
