import type { AskResult } from '@ambassador/contracts';
import type { DeviceApi } from '../api/device-api';
import type { Strings } from '../i18n/strings';
import { RatingBar } from './rating-bar';
import { ResponseContentView, TextBubble } from './response-contents';

type Props = {
  result: AskResult;
  api: Pick<DeviceApi, 'rate'>;
  strings: Strings;
  /** The device's fallback message for this language, if the answer carries none. */
  fallbackText: string | undefined;
  onAsk: (text: string) => void;
};

/** One answer: every response's contents (or the fallback), related topics, and the thumbs. */
export function BotAnswer({ result, api, strings, fallbackText, onAsk }: Props) {
  const shown = result.responses.filter((r) => r.contents.length > 0);
  // A response that only speaks is still written out, for visitors who cannot hear it.
  const spoken = result.responses.map((r) => r.speech.trim()).filter(Boolean);
  const noContent = result.fallback || shown.length === 0;
  const fallback = result.fallback_text?.trim() || fallbackText?.trim() || strings.noAnswer;
  return (
    <div
      className="k-message k-message-bot"
      data-testid="kiosk-message-bot"
      data-fallback={String(result.fallback)}
      aria-label={strings.assistant}
    >
      {noContent && !result.fallback && spoken.length > 0 ? (
        spoken.map((text, index) => <TextBubble key={index} text={text} />)
      ) : noContent ? (
        <TextBubble text={fallback} />
      ) : (
        shown.map((response) =>
          response.contents.map((content, index) => (
            <ResponseContentView
              key={`${response.id}-${index}`}
              content={content}
              strings={strings}
              onAsk={onAsk}
            />
          )),
        )
      )}
      {result.related.length > 0 && (
        <div className="k-related" role="group" aria-label={strings.related}>
          <span className="k-related-label">{strings.related}</span>
          {result.related.map((topic) => (
            <button
              key={topic.id}
              type="button"
              className="k-chip"
              data-testid="kiosk-related"
              onClick={() => onAsk(topic.name)}
            >
              {topic.name}
            </button>
          ))}
        </div>
      )}
      {result.conversation_id !== null && (
        <RatingBar api={api} conversationId={result.conversation_id} strings={strings} />
      )}
    </div>
  );
}
