/** Interface languages (English, Traditional and Simplified Chinese): English is the default. */
export const UI_LANGUAGES = ['en', 'zhHant', 'zhHans'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];
export const DEFAULT_UI_LANGUAGE: UiLanguage = 'en';

/** Where the chosen interface language is remembered. */
export const UI_LANGUAGE_STORAGE_KEY = 'ui_language';

/** Each language names itself, so anyone can find theirs. */
export const UI_LANGUAGE_NAMES: Record<UiLanguage, string> = {
  en: 'English',
  zhHant: '繁體中文',
  zhHans: '简体中文',
};

/** BCP 47 tag for <html lang> and Intl formatting. */
export const UI_LANGUAGE_TAGS: Record<UiLanguage, string> = {
  en: 'en',
  zhHant: 'zh-Hant',
  zhHans: 'zh-Hans',
};

export function isUiLanguage(value: unknown): value is UiLanguage {
  return typeof value === 'string' && (UI_LANGUAGES as readonly string[]).includes(value);
}

export function storedUiLanguage(): UiLanguage {
  try {
    const value = globalThis.localStorage?.getItem(UI_LANGUAGE_STORAGE_KEY);
    return isUiLanguage(value) ? value : DEFAULT_UI_LANGUAGE;
  } catch {
    return DEFAULT_UI_LANGUAGE;
  }
}

export function rememberUiLanguage(language: UiLanguage): void {
  try {
    globalThis.localStorage?.setItem(UI_LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembered, still applied.
  }
}
