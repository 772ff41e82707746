import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { Language } from '@ambassador/contracts';
import type { DeviceApi } from '../api/device-api';
import { SendIcon } from '../components/icons';
import type { Strings } from '../i18n/strings';
import type { Realtime } from '../realtime/realtime-client';
import { useRealtimeConnected } from '../realtime/use-realtime';
import {
  CHAT_MESSAGE_MAX,
  CHAT_MOBILE_MAX,
  CHAT_MOBILE_PATTERN,
  CHAT_NAME_MAX,
} from '@ambassador/contracts/names';
import { ChatSatisfaction } from './chat-satisfaction';
import { useStaffChat } from './use-staff-chat';

type Props = {
  api: DeviceApi;
  realtime: Realtime | null;
  language: Language;
  strings: Strings;
  visitorSessionId?: string;
  directoryUnitId?: number | undefined;
  retryDelaysMs: readonly number[];
  /** The visitor leaves the chat (which ends it). */
  onClose: () => void;
  /** An operator wrote: counts as activity, like a touch. */
  onActivity: () => void;
};

/** Enter sends, except the Enter that confirms an IME composition (Chinese, Japanese, Korean). */
const isSendKey = (event: KeyboardEvent<HTMLInputElement>) =>
  event.key === 'Enter' && !event.nativeEvent.isComposing && event.keyCode !== 229;

/** The visitor's live chat with staff: optional name and mobile first, then the thread. */
export function StaffChatView({
  api,
  realtime,
  language,
  strings,
  visitorSessionId,
  directoryUnitId,
  retryDelaysMs,
  onClose,
  onActivity,
}: Props) {
  const chat = useStaffChat({
    api,
    realtime,
    language,
    visitorSessionId,
    directoryUnitId,
    retryDelaysMs,
    onIncoming: onActivity,
  });
  const connected = useRealtimeConnected(realtime);
  const titleId = useId();
  const started = chat.phase === 'open' || chat.phase === 'ended';

  return (
    <section className="k-panel k-staff" role="dialog" aria-modal="true" aria-labelledby={titleId}>
      <header className="k-bar">
        <h2 className="k-bar-title k-bar-name" id={titleId}>
          {strings.staffTitle}
        </h2>
        <button type="button" className="k-btn k-btn-end" data-testid="kiosk-staff-end" onClick={onClose}>
          {started ? strings.staffEnd : strings.close}
        </button>
      </header>
      {started ? (
        <Thread chat={chat} strings={strings} connected={connected || realtime === null} />
      ) : (
        <StartForm
          strings={strings}
          starting={chat.phase === 'starting'}
          error={chat.startError}
          onStart={(name, mobile) => void chat.start(name, mobile)}
        />
      )}
    </section>
  );
}

function StartForm({
  strings,
  starting,
  error,
  onStart,
}: {
  strings: Strings;
  starting: boolean;
  /** null: no error; '': the server could not be reached; else the server's reason. */
  error: string | null;
  onStart: (name: string, mobile: string) => void;
}) {
  const [name, setName] = useState('');
  const [mobile, setMobile] = useState('');
  const mobileValid = CHAT_MOBILE_PATTERN.test(mobile.trim());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!mobileValid || starting) return;
    onStart(name, mobile);
  };
  return (
    <form className="k-staff-form" onSubmit={submit} noValidate>
      <p className="k-staff-intro">{strings.staffIntro}</p>
      <label className="k-field">
        <span className="k-field-label">{strings.nameLabel}</span>
        <input
          className="k-input"
          data-testid="kiosk-staff-name"
          value={name}
          maxLength={CHAT_NAME_MAX}
          autoComplete="off"
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      <label className="k-field">
        <span className="k-field-label">{strings.mobileLabel}</span>
        <input
          className="k-input"
          data-testid="kiosk-staff-mobile"
          value={mobile}
          maxLength={CHAT_MOBILE_MAX}
          inputMode="tel"
          autoComplete="off"
          aria-invalid={!mobileValid}
          onChange={(e) => setMobile(e.target.value)}
        />
        {!mobileValid && (
          <span className="k-field-error" role="alert">
            {strings.mobileInvalid}
          </span>
        )}
      </label>
      {error !== null && (
        <p className="k-alert" role="alert" data-testid="kiosk-staff-start-error">
          {error || strings.staffStartFailed}
        </p>
      )}
      <button
        type="submit"
        className="k-btn k-btn-primary k-btn-block"
        data-testid="kiosk-staff-start"
        disabled={starting || !mobileValid}
        aria-busy={starting}
      >
        {starting ? strings.staffStarting : strings.staffStart}
      </button>
    </form>
  );
}

function Thread({
  chat,
  strings,
  connected,
}: {
  chat: ReturnType<typeof useStaffChat>;
  strings: Strings;
  connected: boolean;
}) {
  const [text, setText] = useState('');
  const scroller = useRef<HTMLDivElement | null>(null);
  const open = chat.phase === 'open';
  const { messages } = chat;
  const last = messages.at(-1);
  useEffect(() => {
    const node = scroller.current;
    if (node) node.scrollTop = node.scrollHeight;
  }, [messages.length, last?.status]);

  const send = () => {
    if (chat.send(text)) setText('');
  };
  const staffWrote = messages.some((m) => !m.mine);

  return (
    <>
      <div className="k-messages" ref={scroller} aria-live="polite">
        {open && !chat.staffAvailable && (
          <p className="k-staff-note" role="status" data-testid="kiosk-staff-away">
            {strings.staffAway}
          </p>
        )}
        {!staffWrote && open && chat.staffAvailable && (
          <p className="k-staff-note" data-testid="kiosk-staff-waiting">
            {strings.staffWaiting}
          </p>
        )}
        {messages.map((message, index) => {
          const firstOfStaff = !message.mine && (index === 0 || messages[index - 1]!.mine);
          return (
            <div
              key={message.key}
              className={message.mine ? 'k-message k-message-visitor' : 'k-message k-message-bot'}
            >
              {firstOfStaff && <span className="k-staff-sender">{strings.staff}</span>}
              <p
                className={
                  message.status === 'failed'
                    ? 'k-bubble k-bubble-visitor k-bubble-failed'
                    : message.mine
                      ? 'k-bubble k-bubble-visitor'
                      : 'k-bubble k-bubble-bot'
                }
                data-testid="kiosk-staff-message"
                data-mine={message.mine}
                data-status={message.status}
                aria-label={message.mine ? strings.you : strings.staff}
              >
                {message.text}
              </p>
              {message.status === 'sending' && <span className="k-staff-status">{strings.sending}</span>}
              {message.status === 'failed' && (
                <span className="k-staff-failed" role="alert">
                  <span>{message.refusal ?? strings.notSent}</span>
                  {open && (
                    <button
                      type="button"
                      className="k-btn k-btn-outline k-btn-small"
                      data-testid="kiosk-staff-retry"
                      onClick={() => chat.retry(message.key)}
                    >
                      {strings.tryAgain}
                    </button>
                  )}
                </span>
              )}
            </div>
          );
        })}
        {chat.phase === 'ended' && (
          <p className="k-staff-note" role="status" data-testid="kiosk-staff-ended">
            {strings.staffEnded}
          </p>
        )}
        {chat.phase === 'ended' && chat.endedByStaff && (
          <ChatSatisfaction onRate={chat.rate} strings={strings} />
        )}
      </div>
      <div className="k-composer">
        {open && !connected && (
          <p className="k-composer-note" role="status" data-testid="kiosk-staff-reconnecting">
            {strings.reconnecting}
          </p>
        )}
        <div className="k-composer-row">
          <input
            className="k-input k-composer-input"
            data-testid="kiosk-staff-input"
            value={text}
            maxLength={CHAT_MESSAGE_MAX}
            placeholder={strings.staffInputPlaceholder}
            aria-label={strings.staffInputLabel}
            enterKeyHint="send"
            autoComplete="off"
            disabled={!open}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(event) => {
              if (!isSendKey(event)) return;
              event.preventDefault();
              send();
            }}
          />
          <button
            type="button"
            className="k-btn k-btn-primary k-send"
            data-testid="kiosk-staff-send"
            disabled={!open || text.trim() === ''}
            onClick={send}
          >
            <SendIcon />
            <span>{strings.send}</span>
          </button>
        </div>
      </div>
    </>
  );
}
