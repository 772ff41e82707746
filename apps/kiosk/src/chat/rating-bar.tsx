import { useRef, useState } from 'react';
import type { Rating } from '@ambassador/contracts';
import type { DeviceApi } from '../api/device-api';
import { ThumbDownIcon, ThumbUpIcon } from '../components/icons';
import type { Strings } from '../i18n/strings';

type Props = { api: Pick<DeviceApi, 'rate'>; conversationId: number; strings: Strings };

/**
 * Thumbs under an answer. The thumb is saved at once (a visitor may walk away); the optional
 * comment is saved with the same rating afterwards.
 */
export function RatingBar({ api, conversationId, strings }: Props) {
  const [rating, setRating] = useState<Rating | null>(null);
  const [pending, setPending] = useState<Rating | 'comment' | null>(null);
  const [comment, setComment] = useState('');
  const [commentSent, setCommentSent] = useState(false);
  const [failed, setFailed] = useState(false);
  const inFlight = useRef(false);

  async function save(value: Rating, text: string, step: Rating | 'comment') {
    if (inFlight.current) return;
    inFlight.current = true;
    setPending(step);
    setFailed(false);
    try {
      await api.rate(conversationId, value, text);
      setRating(value);
      if (step === 'comment') setCommentSent(true);
    } catch {
      setFailed(true);
    } finally {
      inFlight.current = false;
      setPending(null);
    }
  }

  return (
    <div className="k-rating">
      <div className="k-rating-row">
        <span className="k-muted">{strings.helpful}</span>
        {([1, -1] as const).map((value) => (
          <button
            key={value}
            type="button"
            className="k-icon-btn k-thumb"
            data-testid={value === 1 ? 'kiosk-rate-up' : 'kiosk-rate-down'}
            aria-label={value === 1 ? strings.rateUp : strings.rateDown}
            aria-pressed={rating === value}
            disabled={rating !== null || pending !== null}
            onClick={() => void save(value, '', value)}
          >
            {value === 1 ? <ThumbUpIcon /> : <ThumbDownIcon />}
          </button>
        ))}
      </div>
      {rating !== null && (
        <p className="k-rated" role="status" data-testid="kiosk-rated">
          {commentSent ? strings.commentSent : strings.thanks}
        </p>
      )}
      {rating !== null && !commentSent && (
        <form
          className="k-comment-row"
          onSubmit={(e) => {
            e.preventDefault();
            if (comment.trim()) void save(rating, comment.trim(), 'comment');
          }}
        >
          <input
            className="k-input k-input-small"
            data-testid="kiosk-comment"
            value={comment}
            maxLength={500}
            placeholder={strings.commentPlaceholder}
            aria-label={strings.commentLabel}
            onChange={(e) => setComment(e.target.value)}
          />
          <button
            type="submit"
            className="k-btn k-btn-primary"
            data-testid="kiosk-comment-send"
            disabled={comment.trim() === '' || pending !== null}
          >
            {strings.commentSend}
          </button>
        </form>
      )}
      {failed && (
        <p className="k-alert" role="alert">
          {strings.ratingFailed}
        </p>
      )}
    </div>
  );
}
