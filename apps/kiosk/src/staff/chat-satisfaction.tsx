import { useId, useRef, useState } from 'react';
import { CHAT_RATING_MAX } from '@ambassador/contracts/names';
import { format, type Strings } from '../i18n/strings';

type Props = {
  /** Saves the answer; rejects when it could not be saved (the visitor may try again). */
  onRate: (rating: number) => Promise<void>;
  strings: Strings;
};

const SCORES = Array.from({ length: CHAT_RATING_MAX }, (_, i) => i + 1);

/**
 * After an operator ended the chat: "How satisfied were you?", 1 to 5, in the rating bar's style
 * (chat/rating-bar.tsx). One answer per chat: once saved the buttons stay pressed and disabled.
 */
export function ChatSatisfaction({ onRate, strings }: Props) {
  const [rating, setRating] = useState<number | null>(null);
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  const inFlight = useRef(false);
  const labelId = useId();

  async function save(value: number) {
    if (inFlight.current) return;
    inFlight.current = true;
    setPending(true);
    setFailed(false);
    try {
      await onRate(value);
      setRating(value);
    } catch {
      setFailed(true);
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  }

  return (
    <div className="k-rating k-staff-rating" data-testid="kiosk-staff-rating">
      <div className="k-rating-row" role="group" aria-labelledby={labelId}>
        <span className="k-muted" id={labelId}>
          {strings.staffRateQuestion}
        </span>
        {SCORES.map((value) => (
          <button
            key={value}
            type="button"
            className="k-icon-btn k-thumb"
            data-testid={`kiosk-staff-rate-${value}`}
            aria-label={format(strings.staffRateOption, { n: value, max: CHAT_RATING_MAX })}
            aria-pressed={rating === value}
            disabled={rating !== null || pending}
            onClick={() => void save(value)}
          >
            {value}
          </button>
        ))}
      </div>
      {rating !== null && (
        <p className="k-rated" role="status" data-testid="kiosk-staff-rated">
          {strings.staffRateThanks}
        </p>
      )}
      {failed && (
        <p className="k-alert" role="alert">
          {strings.staffRateFailed}
        </p>
      )}
    </div>
  );
}
