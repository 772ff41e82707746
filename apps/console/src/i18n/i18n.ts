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
  // A copy: packs are merged into the resources, and the imported module must stay as written.
  resources: { en: { translation: structuredClone(en) } },
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

type Json = { default: Record<string, unknown> };

/**
 * Feature packs: the strings of a group of screens, loaded with those screens rather than with the
 * login page (whose JS budget is 200 KB). Each pack has a file per interface language.
 */
const packs = {
  // The signed-in frame and what its screens share (navigation, tables, uploads, deletes, users,
  // settings) with the texts of every error code and rule a sign-in cannot meet: it loads with the
  // shell, so the login page carries only its own strings.
  shell: {
    en: () => import('./packs/shell.en.json'),
    zhHant: () => import('./packs/shell.zhHant.json'),
    zhHans: () => import('./packs/shell.zhHans.json'),
  },
  ai: {
    en: () => import('./packs/ai.en.json'),
    zhHant: () => import('./packs/ai.zhHant.json'),
    zhHans: () => import('./packs/ai.zhHans.json'),
  },
  dashboard: {
    en: () => import('./packs/dashboard.en.json'),
    zhHant: () => import('./packs/dashboard.zhHant.json'),
    zhHans: () => import('./packs/dashboard.zhHans.json'),
  },
  conversations: {
    en: () => import('./packs/conversations.en.json'),
    zhHant: () => import('./packs/conversations.zhHant.json'),
    zhHans: () => import('./packs/conversations.zhHans.json'),
  },
  devices: {
    en: () => import('./packs/devices.en.json'),
    zhHant: () => import('./packs/devices.zhHant.json'),
    zhHans: () => import('./packs/devices.zhHans.json'),
  },
  calls: {
    en: () => import('./packs/calls.en.json'),
    zhHant: () => import('./packs/calls.zhHant.json'),
    zhHans: () => import('./packs/calls.zhHans.json'),
  },
  chat: {
    en: () => import('./packs/chat.en.json'),
    zhHant: () => import('./packs/chat.zhHant.json'),
    zhHans: () => import('./packs/chat.zhHans.json'),
  },
  push: {
    en: () => import('./packs/push.en.json'),
    zhHant: () => import('./packs/push.zhHant.json'),
    zhHans: () => import('./packs/push.zhHans.json'),
  },
  interface: {
    en: () => import('./packs/interface.en.json'),
    zhHant: () => import('./packs/interface.zhHant.json'),
    zhHans: () => import('./packs/interface.zhHans.json'),
  },
  events: {
    en: () => import('./packs/events.en.json'),
    zhHant: () => import('./packs/events.zhHant.json'),
    zhHans: () => import('./packs/events.zhHans.json'),
  },
  mrc: {
    en: () => import('./packs/mrc.en.json'),
    zhHant: () => import('./packs/mrc.zhHant.json'),
    zhHans: () => import('./packs/mrc.zhHans.json'),
  },
  search: {
    en: () => import('./packs/search.en.json'),
    zhHant: () => import('./packs/search.zhHant.json'),
    zhHans: () => import('./packs/search.zhHans.json'),
  },
  audit: {
    en: () => import('./packs/audit.en.json'),
    zhHant: () => import('./packs/audit.zhHant.json'),
    zhHans: () => import('./packs/audit.zhHans.json'),
  },
  smallTalk: {
    en: () => import('./packs/small-talk.en.json'),
    zhHant: () => import('./packs/small-talk.zhHant.json'),
    zhHans: () => import('./packs/small-talk.zhHans.json'),
  },
} satisfies Record<string, Record<UiLanguage, () => Promise<Json>>>;
export type StringPack = keyof typeof packs;

/** Packs some screen has asked for; a language switch loads them in the new language too. */
const wantedPacks = new Set<StringPack>();
const loadedPacks = new Set<string>();

async function loadPackIn(pack: StringPack, language: UiLanguage): Promise<void> {
  const key = `${pack}:${language}`;
  if (loadedPacks.has(key)) return;
  const strings = await packs[pack][language]();
  // Deep-merged into the one namespace, so keys read the same as the bundled ones.
  i18n.addResourceBundle(language, 'translation', strings.default, true, false);
  loadedPacks.add(key);
}

/** Loads a feature's strings (English too, as the fallback) before its screen renders. */
export async function loadStringPack(pack: StringPack): Promise<void> {
  wantedPacks.add(pack);
  const current = isUiLanguage(i18n.language) ? i18n.language : DEFAULT_UI_LANGUAGE;
  // A switch of language under way has remembered the new one but not yet changed to it, and
  // loaded the packs wanted before this one: this pack is loaded in the coming language too.
  const coming = storedUiLanguage();
  await Promise.all(
    [...new Set([DEFAULT_UI_LANGUAGE, current, coming])].map((language) => loadPackIn(pack, language)),
  );
}

async function loadLanguage(language: UiLanguage): Promise<void> {
  // Tracked by name: a feature pack may already have created the language's bundle.
  if (language !== 'en' && !loadedPacks.has(`core:${language}`)) {
    const pack = await loaders[language]();
    i18n.addResourceBundle(language, 'translation', pack.default, true, true);
    loadedPacks.add(`core:${language}`);
  }
  await Promise.all([...wantedPacks].map((p) => loadPackIn(p, language)));
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
