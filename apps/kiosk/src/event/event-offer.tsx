import type { KioskEvent } from '@ambassador/contracts';
import type { Strings } from '../i18n/strings';

/** The device's current event on the start screen: its title and Start. */
export function EventOffer({
  event,
  strings,
  disabled,
  onStart,
}: {
  event: KioskEvent;
  strings: Strings;
  disabled: boolean;
  onStart: () => void;
}) {
  return (
    <section className="k-card k-event-offer" aria-labelledby="k-event-offer-title" data-testid="event-offer">
      <p className="k-event-offer-label">{strings.eventNowOn}</p>
      <h2 id="k-event-offer-title" className="k-event-offer-title">
        {event.title}
      </h2>
      <button
        type="button"
        className="k-btn k-btn-primary k-language k-event-start"
        data-testid="event-start"
        aria-describedby="k-event-offer-title"
        disabled={disabled}
        onClick={onStart}
      >
        {strings.eventStart}
      </button>
    </section>
  );
}
