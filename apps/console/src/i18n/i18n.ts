import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import {
  DEFAULT_UI_LANGUAGE,
  UI_LANGUAGES,
  UI_LANGUAGE_TAGS,
  isUiLanguage,
  rememberUiLanguage,
  storedUiLanguage,
  type UiLanguage,
} from './languages';

/** English is bundled (it is also the fallback); the Chinese packs load when chosen. */
const loaders: Record<Exclude<UiLanguage, 'en'>, () => Promise<{ default: Record<string, unknown> }>> = {
  zhHant: () => import('./zhHant.json'),
  zhHans: () => import('./zhHans.json'),
};

function applyDocumentLanguage(language: string): void {
  if (typeof document === 'undefined' || !isUiLanguage(language)) return;
  document.documentElement.lang = UI_LANGUAGE_TAGS[language];
}

i18n.on('languageChanged', applyDocumentLanguage);

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  partialBundledLanguages: true,
  lng: DEFAULT_UI_LANGUAGE,
  fallbackLng: DEFAULT_UI_LANGUAGE,
  supportedLngs: [...UI_LANGUAGES],
  // Our codes are not BCP 47 ('zhHant'): use them as they are.
  load: 'currentOnly',
  nonExplicitSupportedLngs: false,
  interpolation: { escapeValue: false },
  initAsync: false,
});

async function loadLanguage(language: UiLanguage): Promise<void> {
  if (language === 'en' || i18n.hasResourceBundle(language, 'translation')) return;
  const pack = await loaders[language]();
  i18n.addResourceBundle(language, 'translation', pack.default, true, true);
}

/** Switch the interface language (loading its pack first) and remember it. */
export async function changeUiLanguage(language: UiLanguage): Promise<void> {
  rememberUiLanguage(language);
  try {
    await loadLanguage(language);
  } catch {
    // The pack could not load (offline): stay readable in English.
    await i18n.changeLanguage(DEFAULT_UI_LANGUAGE);
    return;
  }
  await i18n.changeLanguage(language);
}

/** Apply the remembered language before the first render. */
export async function initUiLanguage(): Promise<void> {
  const stored = storedUiLanguage();
  if (stored === DEFAULT_UI_LANGUAGE) {
    applyDocumentLanguage(stored);
    return;
  }
  await changeUiLanguage(stored);
}

export default i18n;
