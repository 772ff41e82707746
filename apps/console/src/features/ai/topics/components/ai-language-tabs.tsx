import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { LANGUAGES, type Language } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';

/** Content-language tabs of a topic (the contracts' LANGUAGES) with how many keywords each has. */
export function AiLanguageTabs({
  value,
  onChange,
  counts,
  testIdPrefix,
}: {
  value: Language;
  onChange: (language: Language) => void;
  counts?: Partial<Record<Language, number>>;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <Tabs
      value={value}
      onChange={(_event, next: Language) => onChange(next)}
      variant="scrollable"
      scrollButtons="auto"
      aria-label={t('topics.page.content_language')}
      sx={{ borderBottom: 1, borderColor: 'divider', minHeight: 40, '& .MuiTab-root': { minHeight: 40 } }}
    >
      {LANGUAGES.map((language) => {
        const count = counts?.[language] ?? 0;
        return (
          <Tab
            key={language}
            value={language}
            data-testid={`${testIdPrefix}-${language}`}
            label={
              <Box component="span" sx={{ display: 'inline-flex', gap: 0.75, alignItems: 'center' }}>
                {t(`languages.${language}`)}
                {count > 0 && (
                  <Box
                    component="span"
                    sx={{
                      fontSize: 11,
                      lineHeight: '16px',
                      minWidth: 16,
                      px: 0.5,
                      borderRadius: 8,
                      bgcolor: 'action.selected',
                      color: 'text.secondary',
                    }}
                  >
                    {count}
                  </Box>
                )}
              </Box>
            }
          />
        );
      })}
    </Tabs>
  );
}

/** How many items each language has. */
export function countByLanguage(items: readonly { language: Language }[]): Partial<Record<Language, number>> {
  const counts: Partial<Record<Language, number>> = {};
  for (const item of items) counts[item.language] = (counts[item.language] ?? 0) + 1;
  return counts;
}
