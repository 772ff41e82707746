import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { LANGUAGES, type Language } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from './visually-hidden';

/**
 * Which tabs show: the preferred languages in their order, then (in `languages` order) every
 * other one that has content, is selected or was opened from "More". Without preferred
 * languages every language shows. Pure, for the tests.
 */
export function visibleLanguages({
  languages,
  preferred,
  filled,
  value,
  opened,
}: {
  languages: readonly Language[];
  preferred?: readonly Language[];
  filled?: readonly Language[];
  value: Language;
  opened: readonly Language[];
}): Language[] {
  const first = (preferred ?? languages).filter((l) => languages.includes(l));
  if (first.length === 0) return [...languages];
  const out = [...new Set(first)];
  for (const l of languages) {
    if (out.includes(l)) continue;
    if (filled?.includes(l) || l === value || opened.includes(l)) out.push(l);
  }
  return out;
}

/**
 * One tab per content language, e.g. for per-language texts of a record. With `preferred` (the
 * device's languages, its default first) those show first and the rest wait behind "More"; a
 * language with content (`filled`), the selected one and any picked from "More" always show, so
 * entered text is never hidden.
 */
export function LanguageTabs({
  value,
  onChange,
  languages = LANGUAGES,
  preferred,
  filled,
  counts,
  marked,
  testIdPrefix = 'language-tab',
  ariaLabel,
}: {
  value: Language;
  onChange: (language: Language) => void;
  /** Every language that may be chosen (the contracts' order). */
  languages?: readonly Language[];
  /** Shown first, in this order; the others go behind "More". */
  preferred?: readonly Language[];
  /** Languages that have content: never hidden behind "More". */
  filled?: readonly Language[];
  /** A number beside a tab's name (e.g. how many keywords it has). */
  counts?: Partial<Record<Language, number>>;
  /** Languages with fields to fix: an error mark beside the name (said to screen readers too); never hidden. */
  marked?: readonly Language[];
  testIdPrefix?: string;
  ariaLabel?: string;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState<Language[]>([]);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const withContent = marked?.length ? [...(filled ?? []), ...marked] : filled;
  const shown = visibleLanguages({ languages, preferred, filled: withContent, value, opened });
  const more = languages.filter((l) => !shown.includes(l));
  const current = shown.includes(value) ? value : (shown[0] ?? false);

  const label = (language: Language): ReactNode => {
    const count = counts?.[language] ?? 0;
    if (marked?.includes(language)) {
      return (
        <Box
          component="span"
          sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center', color: 'error.main' }}
          data-marked="true"
        >
          <ErrorOutlineIcon sx={{ fontSize: 16 }} aria-hidden="true" />
          {t(`languages.${language}`)}
          <Box component="span" sx={visuallyHidden}>
            {` (${t('languages.problems')})`}
          </Box>
        </Box>
      );
    }
    if (count === 0) return t(`languages.${language}`);
    return (
      <Box component="span" sx={{ display: 'inline-flex', gap: 0.75, alignItems: 'center' }}>
        {t(`languages.${language}`)}
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
      </Box>
    );
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', borderBottom: 1, borderColor: 'divider', minWidth: 0 }}>
      <Tabs
        value={current}
        onChange={(_event, next: Language) => onChange(next)}
        variant="scrollable"
        // With preferred languages few tabs show and the rest are in "More": no arrows, whose
        // hidden tabs were easy to miss. A long list of every language keeps them.
        scrollButtons={preferred ? false : 'auto'}
        aria-label={ariaLabel ?? t('languages.tabs_label')}
        sx={{ minWidth: 0, flex: '0 1 auto', minHeight: 40, '& .MuiTab-root': { minHeight: 40 } }}
      >
        {shown.map((language) => (
          <Tab
            key={language}
            value={language}
            label={label(language)}
            data-testid={`${testIdPrefix}-${language}`}
          />
        ))}
      </Tabs>
      {more.length > 0 && (
        <>
          <Button
            size="small"
            color="inherit"
            endIcon={<ExpandMoreIcon />}
            aria-haspopup="menu"
            aria-expanded={menuAnchor ? 'true' : undefined}
            data-testid={`${testIdPrefix}-more`}
            onClick={(event) => setMenuAnchor(event.currentTarget)}
            sx={{ flex: 'none', mx: 1, color: 'text.secondary', textTransform: 'none', whiteSpace: 'nowrap' }}
          >
            {t('languages.more')}
          </Button>
          <Menu anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={() => setMenuAnchor(null)}>
            {more.map((language) => (
              <MenuItem
                key={language}
                data-testid={`${testIdPrefix}-more-${language}`}
                onClick={() => {
                  setMenuAnchor(null);
                  setOpened((list) => [...list, language]);
                  onChange(language);
                }}
              >
                {t(`languages.${language}`)}
              </MenuItem>
            ))}
          </Menu>
        </>
      )}
    </Box>
  );
}
