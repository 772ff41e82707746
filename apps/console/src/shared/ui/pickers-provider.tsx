import type { ReactNode } from 'react';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { enUS, zhCN, zhTW } from '@mui/x-date-pickers/locales';
import type { UiLanguage } from '@/i18n/languages';
import { useUiLanguage } from '@/i18n/use-ui-language';
import 'dayjs/locale/en';
import 'dayjs/locale/zh-tw';
import 'dayjs/locale/zh-cn';

/** The calendar's language and date order per interface language: 11/17/2026 or 2026/11/17. */
const LOCALES: Record<UiLanguage, { dayjs: string; texts: typeof enUS; title?: string }> = {
  en: { dayjs: 'en', texts: enUS },
  // The calendar's title reads 2026年11月, not 十一月 2026.
  zhHant: { dayjs: 'zh-tw', texts: zhTW, title: 'YYYY年M月' },
  zhHans: { dayjs: 'zh-cn', texts: zhCN, title: 'YYYY年M月' },
};

/**
 * Date and time pickers (MUI X) in the interface language. Wrap each screen part that uses one,
 * not the app: the pickers stay out of the login page's bundle (docs/decisions.md).
 */
function useLocale() {
  return LOCALES[useUiLanguage()];
}

/** The calendar title's format (`slotProps.calendarHeader.format`): year first in Chinese. */
export function useCalendarTitleFormat(): string | undefined {
  return useLocale().title;
}

export function PickersProvider({ children }: { children: ReactNode }) {
  const locale = useLocale();
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={locale.dayjs}
      localeText={locale.texts.components.MuiLocalizationProvider.defaultProps.localeText}
    >
      {children}
    </LocalizationProvider>
  );
}
