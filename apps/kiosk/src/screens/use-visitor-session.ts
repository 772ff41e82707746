import { useRef, useState } from 'react';
import type { KioskEvent, Language } from '@ambassador/contracts';
import type { DeviceApi } from '../api/device-api';
import { DeviceApiError } from '../api/device-client';
import type { DeviceLink } from '../device/use-device-link';
import { runLanguage } from '../event/event-run';
import { homeLanguage } from '../lib/languages';

/** What a configured kiosk shows: the start screen, one visitor's chat, or one run of the current event. */
export type VisitorPhase =
  | { name: 'start' }
  | { name: 'chat'; sessionId: string; language: Language; firstQuestion?: string }
  /** A visitor runs the device's current event (`run` tells runs apart). */
  | { name: 'event'; event: KioskEvent; language: Language; run: number };

type Visit = {
  /** The device API the visit belongs to: with a new key (or none) it starts over at the start screen. */
  api: DeviceApi | null;
  phase: VisitorPhase;
  /** The language whose session is being opened (the start screen's buttons wait meanwhile). */
  starting: Language | null;
  /** The language whose session could not be opened. */
  failed: Language | null;
};

const fresh = (api: DeviceApi | null): Visit => ({
  api,
  phase: { name: 'start' },
  starting: null,
  failed: null,
});

export type VisitorSession = Omit<Visit, 'api'> & {
  /** A visitor starts a session in a language; a banner linked to a topic starts by asking it. */
  start: (language: Language, firstQuestion?: string) => void;
  /** The visitor left or walked away: the session ends, back to the start screen. */
  end: (sessionId: string) => void;
  /** A visitor starts the device's current event, in the kiosk's language if the event has it. */
  startEvent: () => void;
  /** The run is over, however it ended: back to the start screen. */
  endEvent: () => void;
  /** The visitor went on in another language the device offers. */
  setLanguage: (sessionId: string, language: Language) => void;
};

/**
 * One visitor after another: start screen → one chat, or one run of the current event → start
 * screen, each back at the start screen picking up what staff changed meanwhile.
 */
export function useVisitorSession(
  { api, config, reload }: Pick<DeviceLink, 'api' | 'config' | 'reload'>,
  /** Each visitor starts with the sound on. */
  unmute: () => void,
): VisitorSession {
  const [visit, setVisit] = useState<Visit>(() => fresh(api));
  // Unpaired, or paired again: whoever was here is gone.
  if (visit.api !== api) setVisit(fresh(api));
  // What an answer for an earlier key would change is dropped.
  const update = (change: Partial<Visit>) => setVisit((v) => (v.api === api ? { ...v, ...change } : v));

  const opening = useRef(false);
  const start = async (language: Language, firstQuestion?: string) => {
    if (!api || opening.current) return;
    opening.current = true;
    update({ starting: language, failed: null });
    try {
      const session = await api.startSession(language);
      unmute();
      update({ phase: { name: 'chat', sessionId: session.session_id, language, firstQuestion } });
    } catch (error) {
      if (!(error instanceof DeviceApiError && error.status === 401)) update({ failed: language });
    } finally {
      opening.current = false;
      update({ starting: null });
    }
  };

  const end = (sessionId: string) => {
    if (!api) return;
    // The visitor is gone either way: the start screen does not wait for the server.
    api.endSession(sessionId).catch(() => undefined);
    update({ phase: { name: 'start' } });
    // Pick up what staff changed meanwhile (languages, welcome text).
    reload();
  };

  const runs = useRef(0);
  const startEvent = () => {
    const event = config?.event;
    if (!event || !config || visit.phase.name !== 'start') return;
    const language = runLanguage(event, homeLanguage(config.device));
    if (!language) return;
    unmute();
    update({ phase: { name: 'event', event, language, run: ++runs.current } });
  };

  const endEvent = () => {
    update({ phase: { name: 'start' } });
    reload();
  };

  const setLanguage = (sessionId: string, language: Language) =>
    setVisit((v) =>
      v.phase.name === 'chat' && v.phase.sessionId === sessionId
        ? { ...v, phase: { ...v.phase, language } }
        : v,
    );

  return {
    phase: visit.phase,
    starting: visit.starting,
    failed: visit.failed,
    start: (language, firstQuestion) => void start(language, firstQuestion),
    end,
    startEvent,
    endEvent,
    setLanguage,
  };
}
