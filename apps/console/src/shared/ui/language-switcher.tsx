import InputAdornment from '@mui/material/InputAdornment';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import TranslateIcon from '@mui/icons-material/Translate';
import { useTranslation } from 'react-i18next';
import { changeUiLanguage } from '@/i18n/i18n';
import {
  DEFAULT_UI_LANGUAGE,
  UI_LANGUAGES,
  UI_LANGUAGE_NAMES,
  UI_LANGUAGE_TAGS,
  isUiLanguage,
} from '@/i18n/languages';

/**
 * English / 繁體中文 / 简体中文, remembered in localStorage. A native select: it is on the login
 * page, which must stay small, and it is the most usable control on touch screens.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const value = isUiLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_UI_LANGUAGE;
  return (
    <NativeSelect
      value={value}
      onChange={(event) => {
        if (isUiLanguage(event.target.value)) void changeUiLanguage(event.target.value);
      }}
      input={
        <OutlinedInput
          size="small"
          startAdornment={
            <InputAdornment position="start">
              <TranslateIcon fontSize="small" />
            </InputAdornment>
          }
        />
      }
      inputProps={
        { 'aria-label': t('common.interface_language'), 'data-testid': 'language-select' } as object
      }
      sx={{ minWidth: 160, bgcolor: 'background.paper' }}
    >
      {UI_LANGUAGES.map((language) => (
        <option key={language} value={language} lang={UI_LANGUAGE_TAGS[language]}>
          {UI_LANGUAGE_NAMES[language]}
        </option>
      ))}
    </NativeSelect>
  );
}
