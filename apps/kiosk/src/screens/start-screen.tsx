import { useCallback, useState } from 'react';
import type { KioskDirectoryUnit, Language } from '@ambassador/contracts';
import { IdleOverlay } from '../chat/idle-overlay';
import { BannerCarousel } from '../components/banner-carousel';
import { DirectoryView } from '../directory/directory-view';
import { useDevice, useKioskPart } from '../device/device-context';
import { FloorMapView } from '../map/floor-map-view';
import { EventOffer } from '../event/event-offer';
import { runLanguage } from '../event/event-run';
import { Bilingual } from '../components/bilingual';
import { FullscreenButton } from '../components/fullscreen-button';
import { IdleLoop } from '../components/idle-loop';
import { StaffSettings } from '../components/staff-settings';
import { STRINGS } from '../i18n/strings';
import { HTML_LANG, LANGUAGE_LABELS, homeLanguage } from '../lib/languages';
import type { SpeechPlayer } from '../lib/speech-player';
import { useIdleTimeout } from '../lib/use-idle-timeout';
import { useInactivity } from '../lib/use-inactivity';
import { isShown, staffOptions } from '../lib/sections';
import { StaffButtons, StaffPanel, type PanelKind } from '../staff/staff-panel';

type Props = {
  player: SpeechPlayer | null;
  /** The language whose session is being opened (buttons wait meanwhile). */
  starting: Language | null;
  /** The language whose session could not be opened. */
  failed: Language | null;
  /** A visitor starts in a language; a banner linked to a topic starts by asking it. */
  onStart: (language: Language, firstQuestion?: string) => void;
  /** A visitor starts the device's current event (offered while there is one). */
  onStartEvent: () => void;
  /** Staff unpaired the kiosk with the device's PIN (staff settings in the corner). */
  onUnpaired: () => void;
};

/**
 * What a passer-by sees: the device's name, its greeting, one big button per language, and ways to
 * reach a person (in the device's default language, as nobody has chosen one yet).
 */
export function StartScreen({ player, starting, failed, onStart, onStartEvent, onUnpaired }: Props) {
  const { api, realtime, timing, config } = useDevice();
  const { device, messages, project } = config;
  const sections = useKioskPart('sections');
  const current = useKioskPart('event');
  const loop = useKioskPart('idle_screen');
  const home = homeLanguage(device);
  const strings = STRINGS[home];
  const [panel, setPanel] = useState<PanelKind | null>(null);
  const [directoryOpen, setDirectoryOpen] = useState(false);
  const [mapOpen, setMapOpen] = useState(false);
  // Where the directory opens: empty from its button, at a unit from a banner linked to it.
  const [directorySearch, setDirectorySearch] = useState('');
  /** The unit whose staff the visitor asked for from the directory. */
  const [unit, setUnit] = useState<KioskDirectoryUnit | null>(null);
  const [callLive, setCallLive] = useState(false);
  // Nobody's session is open here, so nothing else would close a chat or call someone walked
  // away from: this clock does (it stands still while nothing is open, or a call is live).
  const { secondsLeft, reset } = useIdleTimeout({
    idleMs: panel === 'chat' ? timing.staffIdleMs : timing.idleMs,
    warningMs: timing.warningMs,
    paused: (panel === null && !directoryOpen && !mapOpen) || callLive,
    onTimeout: () => {
      setPanel(null);
      setUnit(null);
      setDirectoryOpen(false);
      setMapOpen(false);
    },
  });
  // Nobody here: after the device's idle timeout the idle loop plays, until a touch. Not while a
  // chat or call with staff is open, nor while a visitor's session is starting.
  const [idle, setIdle] = useState(false);
  const canIdle = (loop?.items.length ?? 0) > 0 && panel === null && starting === null;
  // Nothing left to play (or a panel opened): the loop ends, and the wait starts again later.
  if (idle && !canIdle) setIdle(false);
  useInactivity(canIdle && !idle ? loop.idle_timeout * 1000 : null, () => setIdle(true));
  const wake = useCallback(() => setIdle(false), []);
  const welcome = messages.welcome[home]?.trim() || strings.welcomeDefault;
  const staff = staffOptions(device, sections);
  const withDirectory = isShown(sections, 'directory', 'unit_list');
  const withMap = isShown(sections, 'map', 'floor_map');
  // The operator may hide the event offer (Interface Settings → events) while one is current.
  const event =
    current && isShown(sections, 'events', 'event_list') && runLanguage(current, home) ? current : null;
  return (
    <main className="k-start" lang={HTML_LANG[home]}>
      <div className="k-corner">
        <FullscreenButton enterLabel={strings.fullscreen} exitLabel={strings.exitFullscreen} />
        <StaffSettings
          holdMs={timing.staffHoldMs}
          unpair={(pin) => api.staffUnpair(pin)}
          onUnpaired={onUnpaired}
        />
      </div>
      <header className="k-start-head">
        {project.name && <p className="k-project">{project.name}</p>}
        <h1 className="k-device-name" data-testid="kiosk-device-name">
          {device.description}
        </h1>
        {isShown(sections, 'start', 'greeting') && (
          <p className="k-start-welcome" data-testid="kiosk-greeting">
            {welcome}
          </p>
        )}
      </header>
      {/* What shrinks, then hides, when the screen is short: the banners first, then the event. */}
      <div className="k-start-feature">
        {event && (
          <EventOffer event={event} strings={strings} disabled={starting !== null} onStart={onStartEvent} />
        )}
        {isShown(sections, 'start', 'carousel') && (
          <BannerCarousel
            strings={strings}
            intervalMs={timing.carouselMs ?? 6_000}
            onOpen={(banner) => {
              if (banner.link_topic_name) onStart(home, banner.link_topic_name);
              else if (banner.link_unit && withDirectory) {
                setDirectorySearch(banner.link_unit);
                setDirectoryOpen(true);
              }
            }}
          />
        )}
      </div>
      {/* Always in view, at the bottom where a hand reaches. */}
      <div className="k-start-actions">
        {device.languages.length > 0 ? (
          <>
            <p className="k-muted">{strings.chooseLanguage}</p>
            <div className="k-languages" role="group" aria-label={strings.chooseLanguage}>
              {device.languages.map((language) => (
                <button
                  key={language}
                  type="button"
                  lang={HTML_LANG[language]}
                  className="k-btn k-btn-primary k-language"
                  data-testid={`kiosk-start-${language}`}
                  disabled={starting !== null}
                  aria-busy={starting === language}
                  onClick={() => onStart(language)}
                >
                  {starting === language ? STRINGS[language].starting : LANGUAGE_LABELS[language]}
                </button>
              ))}
            </div>
          </>
        ) : (
          <p className="k-alert" role="alert">
            <Bilingual k="noLanguages" />
          </p>
        )}
        {failed && (
          <p className="k-alert" role="alert" lang={HTML_LANG[failed]} data-testid="kiosk-start-error">
            {STRINGS[failed].startFailed}
          </p>
        )}
        {(staff.chat || staff.call || withDirectory || withMap) && (
          <div className="k-staff-row">
            {withMap && (
              <button
                type="button"
                className="k-btn k-btn-outline k-staff-btn"
                data-testid="kiosk-map-open"
                onClick={() => setMapOpen(true)}
              >
                <span>{strings.map}</span>
              </button>
            )}
            {withDirectory && (
              <button
                type="button"
                className="k-btn k-btn-outline k-staff-btn"
                data-testid="kiosk-directory-open"
                onClick={() => {
                  setDirectorySearch('');
                  setDirectoryOpen(true);
                }}
              >
                <span>{strings.directory}</span>
              </button>
            )}
            <StaffButtons strings={strings} withChat={staff.chat} withCall={staff.call} onOpen={setPanel} />
          </div>
        )}
      </div>
      {idle && canIdle && <IdleLoop strings={strings} languages={device.languages} onExit={wake} />}
      {mapOpen && withMap && (
        <FloorMapView
          api={api}
          realtime={realtime}
          language={home}
          strings={strings}
          onClose={() => setMapOpen(false)}
          onActivity={reset}
        />
      )}
      {directoryOpen && withDirectory && (
        <DirectoryView
          api={api}
          realtime={realtime}
          language={home}
          strings={strings}
          withSearch={isShown(sections, 'directory', 'search')}
          initialSearch={directorySearch}
          withChat={staff.chat}
          onClose={() => setDirectoryOpen(false)}
          onChat={(chosen) => {
            setUnit(chosen);
            setPanel('chat');
          }}
          onActivity={reset}
        />
      )}
      {panel && (
        <>
          <StaffPanel
            kind={panel}
            api={api}
            realtime={realtime}
            language={home}
            strings={strings}
            timing={timing}
            player={player}
            {...(panel === 'chat' && unit ? { directoryUnitId: unit.id } : {})}
            onClose={() => {
              setPanel(null);
              setUnit(null);
            }}
            onActivity={reset}
            onCallLiveChange={setCallLive}
          />
        </>
      )}
      {(panel !== null || directoryOpen || mapOpen) && secondsLeft !== null && (
        <IdleOverlay secondsLeft={secondsLeft} strings={strings} onContinue={reset} />
      )}
    </main>
  );
}
