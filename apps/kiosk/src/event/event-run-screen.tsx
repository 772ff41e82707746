import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { KioskEvent, Language, RunControl, RunOutcome } from '@ambassador/contracts';
import { IdleOverlay } from '../chat/idle-overlay';
import { MuteButton } from '../components/mute-button';
import { useDevice, useKioskPart } from '../device/device-context';
import { STRINGS, type Strings } from '../i18n/strings';
import { HTML_LANG } from '../lib/languages';
import type { SpeechPlayer } from '../lib/speech-player';
import { useIdleTimeout } from '../lib/use-idle-timeout';
import { SOCKET } from '../realtime/realtime-client';
import { useRealtimeEvent } from '../realtime/use-realtime';
import { TtsActivity, VideoActivity } from './activity-views';
import {
  createRun,
  currentQuestion,
  endIndex,
  isPresenting,
  progressOf,
  runReducer,
  speechOf,
} from './event-run';
import { NlpStep } from './nlp-step';
import { QuizView } from './quiz-view';
import { createRunReporter, type RunReporter } from './run-reporter';

type Props = {
  /** The event as it was when the visitor pressed Start. */
  event: KioskEvent;
  language: Language;
  player: SpeechPlayer;
  muted: boolean;
  onToggleMute: () => void;
  /** The run is over, however it ended: back to the start screen. */
  onDone: (outcome: RunOutcome) => void;
  /** Shuffles random-pick quizzes (tests pass a fixed one). */
  random?: () => number;
};

/**
 * One visitor's run through the device's current event: each activity of the flow in the
 * visitor's language, with Leave always at hand. Nobody touching anything for the device's idle
 * time ends it (the clock stands still while a video or an announcement plays); an operator may
 * skip an activity or stop the run; the event ending or being replaced stops it.
 */
export function EventRunScreen({ event, language, player, muted, onToggleMute, onDone, random }: Props) {
  const { api, realtime, timing } = useDevice();
  // The device's current event now (event:active, or the config read again).
  const current = useKioskPart('event');
  const idleScreen = useKioskPart('idle_screen');
  const strings = STRINGS[language];
  const [state, dispatch] = useReducer(runReducer, null, () => createRun(event, language, random));
  const { step } = state;
  const activity = state.flow[state.index];

  // The event changed under the run (event:active, or the config read again after a reconnection).
  const [seen, setSeen] = useState(current);
  if (seen !== current) {
    setSeen(current);
    dispatch({ type: 'event_changed', event: current });
  }

  // Made on first use, never twice (strict mode runs effects twice).
  const reporterRef = useRef<RunReporter | null>(null);
  const reporter = useCallback(() => {
    reporterRef.current ??= createRunReporter({
      api,
      request: { event_id: event.event_id, version: event.version, language },
      retryDelaysMs: timing.retryDelaysMs,
      onRefused: () => dispatch({ type: 'end', outcome: 'stopped' }),
    });
    return reporterRef.current;
  }, [api, event.event_id, event.version, language, timing.retryDelaysMs]);

  // Each activity and step reached, once.
  const reported = useRef('');
  useEffect(() => {
    const progress = progressOf(state);
    if (!progress) return;
    const key = `${progress.activity_index}|${progress.step}`;
    if (reported.current === key) return;
    reported.current = key;
    reporter().progress(progress);
  }, [state, reporter]);

  // The end, once: reported, silence, and back to the start screen.
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });
  useEffect(() => {
    if (state.outcome === null) return;
    reporter().end({ outcome: state.outcome, activity_index: endIndex(state) });
    player.stop();
    done.current(state.outcome);
  }, [state, reporter, player]);

  // What the kiosk says: each announcement, question and page once. A tts goes on when its speech ends.
  const speech = speechOf(state);
  const speechKey = speech?.key ?? null;
  const speechText = speech?.text ?? '';
  const index = state.index;
  const isTts = step.kind === 'tts';
  useEffect(() => {
    if (speechKey === null) {
      player.stop();
      return;
    }
    void player.speak([{ language, text: speechText }]).then((played) => {
      if (isTts) dispatch({ type: 'speech_ended', index, played });
    });
  }, [speechKey, speechText, isTts, index, language, player]);
  useEffect(() => () => player.stop(), [player]);

  // A tts countdown: one tick a second until it reaches 0.
  const counting = step.kind === 'tts' && (step.secondsLeft ?? 0) > 0;
  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(() => dispatch({ type: 'tick', index }), 1000);
    return () => clearInterval(timer);
  }, [counting, index]);

  // An operator's skip or stop, for this run only.
  useRealtimeEvent<RunControl>(realtime, SOCKET.eventControl, (control) => {
    if (reporterRef.current && control.run_id === reporterRef.current.runId)
      dispatch({ type: 'control', action: control.action });
  });

  const [chatOpen, setChatOpen] = useState(false);
  const idleMs = Math.max(1, idleScreen?.idle_timeout ?? 60) * 1000;
  const { secondsLeft, reset } = useIdleTimeout({
    idleMs,
    warningMs: Math.min(timing.warningMs, idleMs / 2),
    paused: isPresenting(state) || (step.kind === 'nlp' && chatOpen),
    onTimeout: () => dispatch({ type: 'end', outcome: 'idle' }),
  });

  // One report per attempt, even on a double tap.
  const answered = useRef('');
  const answer = (value: string) => {
    if (step.kind !== 'quiz' || step.screen !== 'question') return;
    const question = currentQuestion(step);
    if (!question) return;
    const key = `${state.index}:${question.id}:${step.attempt}`;
    if (answered.current === key) return;
    answered.current = key;
    reporter().answer({
      activity_index: state.index,
      question_id: question.id,
      attempt: step.attempt,
      answer: value,
    });
    dispatch({ type: 'answer', question_id: question.id, attempt: step.attempt, answer: value });
  };
  const next = () => dispatch({ type: 'next' });
  const leave = () => dispatch({ type: 'end', outcome: 'left' });

  if (state.outcome !== null || !activity) return null;

  const inChat = step.kind === 'nlp' && chatOpen;
  return (
    <div className="k-event" lang={HTML_LANG[language]} data-activity={step.kind}>
      {!inChat && (
        <RunBar
          title={event.title}
          strings={strings}
          muted={muted}
          onToggleMute={onToggleMute}
          onLeave={leave}
        />
      )}
      {step.kind === 'nlp' ? (
        <NlpStep
          key={state.index}
          language={language}
          strings={strings}
          player={player}
          muted={muted}
          onToggleMute={onToggleMute}
          onContinue={next}
          onLeave={leave}
          onIdle={() => dispatch({ type: 'end', outcome: 'idle' })}
          onChatOpen={setChatOpen}
        />
      ) : (
        <main className="k-event-stage" key={state.index}>
          {step.kind === 'video' && (
            <VideoActivity
              step={step}
              muted={muted}
              strings={strings}
              onEnded={() => dispatch({ type: 'video_ended', index })}
              onFailed={() => dispatch({ type: 'media_failed', index })}
            />
          )}
          {step.kind === 'tts' && activity.type === 'tts' && (
            <TtsActivity activity={activity} step={step} strings={strings} onNext={next} />
          )}
          {step.kind === 'quiz' && <QuizView step={step} strings={strings} onAnswer={answer} onNext={next} />}
        </main>
      )}
      {secondsLeft !== null && (
        <IdleOverlay
          secondsLeft={secondsLeft}
          strings={{ ...strings, endingIn: strings.eventEndingIn }}
          onContinue={reset}
        />
      )}
    </div>
  );
}

/** The event's title, the sound switch and Leave, over every activity. */
function RunBar({
  title,
  strings,
  muted,
  onToggleMute,
  onLeave,
}: {
  title: string;
  strings: Strings;
  muted: boolean;
  onToggleMute: () => void;
  onLeave: () => void;
}) {
  return (
    <header className="k-bar k-event-bar">
      <div className="k-bar-title">
        {/* The screen's one top-level heading: the event the visitor is in. */}
        <h1 className="k-bar-name" data-testid="event-title">
          {title}
        </h1>
      </div>
      <MuteButton muted={muted} strings={strings} onToggle={onToggleMute} />
      <button type="button" className="k-btn k-btn-leave" data-testid="event-leave" onClick={onLeave}>
        {strings.eventLeave}
      </button>
    </header>
  );
}
