import type { DeviceConfig, Language } from '@ambassador/contracts';
import { Bilingual } from '../components/bilingual';
import { FullscreenButton } from '../components/fullscreen-button';
import { UnpairButton } from '../components/unpair-button';
import { STRINGS } from '../i18n/strings';
import { HTML_LANG, LANGUAGE_LABELS } from '../lib/languages';

type Props = {
  config: DeviceConfig;
  /** The language whose session is being opened (buttons wait meanwhile). */
  starting: Language | null;
  /** The language whose session could not be opened. */
  failed: Language | null;
  onStart: (language: Language) => void;
  onUnpair: () => void;
  unpairConfirmMs: number;
};

/** What a passer-by sees: the device's name, its greeting and one big button per language. */
export function StartScreen({ config, starting, failed, onStart, onUnpair, unpairConfirmMs }: Props) {
  const { device, messages, project } = config;
  const home = device.languages.includes(device.default_language)
    ? device.default_language
    : (device.languages[0] ?? 'english');
  const strings = STRINGS[home];
  const welcome = messages.welcome[home]?.trim() || strings.welcomeDefault;
  return (
    <main className="k-start" lang={HTML_LANG[home]}>
      <div className="k-corner">
        <FullscreenButton enterLabel={strings.fullscreen} exitLabel={strings.exitFullscreen} />
        <UnpairButton onUnpair={onUnpair} confirmMs={unpairConfirmMs} />
      </div>
      <div className="k-start-body">
        {project.name && <p className="k-project">{project.name}</p>}
        <h1 className="k-device-name" data-testid="kiosk-device-name">
          {device.description}
        </h1>
        <p className="k-start-welcome">{welcome}</p>
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
      </div>
    </main>
  );
}
