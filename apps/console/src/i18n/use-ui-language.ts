import { useTranslation } from 'react-i18next';
import { DEFAULT_UI_LANGUAGE, isUiLanguage, type UiLanguage } from './languages';

/** The interface language now shown (re-renders when the operator switches). */
export function useUiLanguage(): UiLanguage {
  const { i18n } = useTranslation();
  return isUiLanguage(i18n.language) ? i18n.language : DEFAULT_UI_LANGUAGE;
}
