import { useEffect, useState } from 'react';
import type { KioskBanner } from '@ambassador/contracts';
import { useKioskPart } from '../device/device-context';
import { format, type Strings } from '../i18n/strings';

const NO_BANNERS: readonly KioskBanner[] = [];

const reducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/**
 * The start screen's carousel banners (Interface Settings → carousel), after the WAI-ARIA carousel
 * pattern: it advances by itself, and stops while a visitor's pointer or focus is on it or the
 * pause button says so (people who asked for less motion get it paused). A banner whose schedule
 * ends while the kiosk runs drops out at its next turn; one that starts later comes with the next
 * config (the server sends the banners in schedule now). The banners are the device's live
 * carousel: an operator's change shows at once.
 */
export function BannerCarousel({
  strings,
  intervalMs,
  onOpen,
}: {
  strings: Strings;
  intervalMs: number;
  /** A banner linked to a topic or a unit was touched: open what it links to. */
  onOpen?: (banner: KioskBanner) => void;
}) {
  const banners = useKioskPart('carousel') ?? NO_BANNERS;
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(reducedMotion);
  const [hovered, setHovered] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const shown = banners.filter((b) => !b.show_until || Date.parse(b.show_until) > now);
  const current = shown.length > 0 ? index % shown.length : 0;
  const rotating = !paused && !hovered && shown.length > 1;

  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => {
      setNow(Date.now());
      setIndex((i) => i + 1);
    }, intervalMs);
    return () => clearInterval(timer);
  }, [rotating, intervalMs]);

  if (shown.length === 0) return null;
  return (
    <section
      className="k-carousel"
      aria-roledescription="carousel"
      aria-label={strings.carouselLabel}
      data-testid="kiosk-carousel"
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={() => setHovered(false)}
    >
      {/* Announced only while it stands still: a moving carousel would talk over the visitor. */}
      <div className="k-carousel-slides" aria-live={rotating ? 'off' : 'polite'}>
        {shown.map((banner, i) => {
          const label = format(strings.carouselSlide, { n: i + 1, total: shown.length });
          return (
            <div
              key={banner.image_id}
              role="group"
              aria-roledescription="slide"
              aria-label={label}
              hidden={i !== current}
              className="k-carousel-slide"
              data-testid="kiosk-banner"
            >
              {onOpen && (banner.link_topic_name || banner.link_unit) ? (
                <button
                  type="button"
                  className="k-carousel-link"
                  onClick={() => onOpen(banner)}
                  aria-label={`${label}: ${banner.link_topic_name ?? banner.link_unit}`}
                  data-testid="kiosk-banner-link"
                >
                  <img src={banner.url} alt="" draggable={false} />
                </button>
              ) : (
                <img src={banner.url} alt={label} draggable={false} />
              )}
            </div>
          );
        })}
      </div>
      {shown.length > 1 && (
        <div className="k-carousel-controls">
          <button
            type="button"
            className="k-btn k-carousel-pause"
            onClick={() => setPaused((p) => !p)}
            data-testid="kiosk-carousel-pause"
          >
            {paused ? strings.carouselPlay : strings.carouselPause}
          </button>
          {shown.map((banner, i) => (
            <button
              key={banner.image_id}
              type="button"
              className="k-carousel-dot"
              aria-label={format(strings.carouselSlide, { n: i + 1, total: shown.length })}
              aria-current={i === current ? 'true' : undefined}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
