import { useMemo, useState } from 'react';
import type { KioskDirectoryUnit, Language } from '@ambassador/contracts';
import type { DeviceApi } from '../api/device-api';
import { ChatIcon } from '../components/icons';
import { LoadFailed, Panel, SearchField } from '../components/panel';
import { format, type Strings } from '../i18n/strings';
import { SOCKET, type Realtime } from '../realtime/realtime-client';
import { useLiveRead } from '../realtime/use-realtime';

/** A unit's text in the visitor's language, else in the first language that has one. */
export function textIn(texts: Partial<Record<Language, string>>, language: Language): string {
  return texts[language] || Object.values(texts).find(Boolean) || '';
}

/** Folded for search: case and width (ｍａｌｌ, full-width digits) ignored. */
const fold = (s: string) => s.normalize('NFKC').toLowerCase();

/** Units whose number, name or description in any language, phone or email holds the search. */
export function searchUnits(units: KioskDirectoryUnit[], search: string): KioskDirectoryUnit[] {
  const q = fold(search.trim());
  if (!q) return units;
  const digits = q.replace(/[^0-9]/g, '');
  return units.filter(
    (u) =>
      fold(u.unit).includes(q) ||
      Object.values(u.names).some((n) => n && fold(n).includes(q)) ||
      fold(u.email).includes(q) ||
      // A phone number matches however it is spaced.
      (digits.length >= 3 && u.phone.replace(/[^0-9]/g, '').includes(digits)),
  );
}

type Props = {
  api: DeviceApi;
  realtime: Realtime | null;
  language: Language;
  strings: Strings;
  /** The search field is on (Interface Settings → directory → search). */
  withSearch: boolean;
  /** Chat with staff is on for this kiosk: units with live chat offer it. */
  withChat: boolean;
  /** The search it opens with (a banner linked to a unit names it). */
  initialSearch?: string;
  onClose: () => void;
  onChat: (unit: KioskDirectoryUnit) => void;
  /** A touch or a keystroke: keeps the idle clock from running out. */
  onActivity: () => void;
};

/**
 * The directory, over the start screen: every unit of the device with its logo and details in the
 * visitor's language, searched as the visitor types on the screen's keyboard. An operator's change
 * arrives live (`interface:directory`): the list is read again, the search kept.
 */
export function DirectoryView({
  api,
  realtime,
  language,
  strings,
  withSearch,
  withChat,
  initialSearch = '',
  onClose,
  onChat,
  onActivity,
}: Props) {
  const [search, setSearch] = useState(initialSearch);
  const {
    data: units,
    failed,
    retry,
  } = useLiveRead(realtime, SOCKET.interfaceDirectory, (signal) => api.directory(signal), [api]);

  const shown = useMemo(
    () => (units ? searchUnits(units, withSearch ? search : '') : []),
    [units, search, withSearch],
  );

  return (
    <Panel
      className="k-directory"
      language={language}
      title={strings.directory}
      backLabel={strings.directoryBack}
      testId="kiosk-directory"
      onBack={onClose}
      onActivity={onActivity}
    >
      <div className="k-directory-body">
        {withSearch && (
          <SearchField
            label={strings.directorySearch}
            placeholder={strings.directoryPlaceholder}
            clearLabel={strings.directoryClear}
            value={search}
            onChange={setSearch}
            testId="kiosk-directory-search"
          />
        )}
        {failed && !units ? (
          <LoadFailed message={strings.directoryLoadFailed} retryLabel={strings.tryAgain} onRetry={retry} />
        ) : units && shown.length === 0 ? (
          <p className="k-muted" role="status" data-testid="kiosk-directory-empty">
            {units.length === 0 ? strings.directoryEmpty : strings.directoryNoMatch}
          </p>
        ) : (
          <ul className="k-directory-list" aria-live="polite">
            {shown.map((unit) => {
              const name = textIn(unit.names, language);
              const description = textIn(unit.descriptions, language);
              return (
                <li key={unit.id} className="k-card k-unit" data-testid={`kiosk-unit-${unit.unit}`}>
                  {unit.logo_url ? (
                    <img className="k-unit-logo" src={unit.logo_url} alt="" />
                  ) : (
                    <span className="k-unit-logo k-unit-logo-empty" aria-hidden="true">
                      {[...name][0] ?? ''}
                    </span>
                  )}
                  <div className="k-unit-text">
                    <h3 className="k-unit-name">{name}</h3>
                    <p className="k-unit-number">{format(strings.directoryUnit, { unit: unit.unit })}</p>
                    {description && <p className="k-unit-description">{description}</p>}
                    {(unit.phone || unit.email) && (
                      <dl className="k-unit-contact">
                        {unit.phone && (
                          <>
                            <dt>{strings.directoryPhone}</dt>
                            <dd>{unit.phone}</dd>
                          </>
                        )}
                        {unit.email && (
                          <>
                            <dt>{strings.directoryEmail}</dt>
                            <dd>{unit.email}</dd>
                          </>
                        )}
                      </dl>
                    )}
                    {withChat && unit.live_chat && (
                      <button
                        type="button"
                        className="k-btn k-btn-primary k-unit-chat"
                        data-testid={`kiosk-unit-chat-${unit.unit}`}
                        onClick={() => onChat(unit)}
                      >
                        <ChatIcon />
                        <span>{strings.directoryChat}</span>
                      </button>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </Panel>
  );
}
