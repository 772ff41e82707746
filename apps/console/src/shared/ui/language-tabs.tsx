import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { LANGUAGES, type Language } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';

/** One tab per content language (the contracts' LANGUAGES), e.g. for per-language texts of a record. */
export function LanguageTabs({
  value,
  onChange,
  languages = LANGUAGES,
  ariaLabel,
}: {
  value: Language;
  onChange: (language: Language) => void;
  languages?: readonly Language[];
  ariaLabel?: string;
}) {
  const { t } = useTranslation();
  const current = languages.includes(value) ? value : (languages[0] ?? false);
  return (
    <Tabs
      value={current}
      onChange={(_event, next: Language) => onChange(next)}
      variant="scrollable"
      scrollButtons="auto"
      aria-label={ariaLabel ?? t('languages.tabs_label')}
      sx={{ borderBottom: 1, borderColor: 'divider' }}
    >
      {languages.map((language) => (
        <Tab
          key={language}
          value={language}
          label={t(`languages.${language}`)}
          data-testid={`language-tab-${language}`}
        />
      ))}
    </Tabs>
  );
}
