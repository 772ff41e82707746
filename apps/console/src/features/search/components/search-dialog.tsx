import { useId, useState, type KeyboardEvent } from 'react';
import type { SearchHit, SearchKind } from '@ambassador/contracts';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@/shared/auth/auth-store';
import { useDebouncedValue } from '@/shared/lib/use-debounced-value';
import { Spinner } from '@/shared/ui/spinner';
import { visuallyHidden } from '@/shared/ui/visually-hidden';
import { useSearch } from '../api/search';
import { pathOf, screensMatching } from '../lib/destinations';

/** Waits this long after the last key: one request per pause, not per letter. */
const TYPING_PAUSE_MS = 200;

type Group = 'screen' | SearchKind;
type Option = { key: string; group: Group; title: string; detail: string | null; path: string };

/**
 * Search everywhere (Ctrl+K, "/"): screens by name at once, and the selected device's topics,
 * phrases, responses, locations, units, documents, events and users from the server. Arrow keys move,
 * Enter opens, Escape closes; a combobox over a grouped listbox, as screen readers expect.
 */
export function SearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const auth = useAuth();
  const navigate = useNavigate();
  const id = useId();
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const wanted = useDebouncedValue(text.trim(), TYPING_PAUSE_MS);
  const search = useSearch(auth.selected_device, wanted);
  const english = i18n.getFixedT('en');

  const screens = screensMatching(
    text,
    auth.page_access,
    (screen) => t(`screens.${screen}` as never),
    (screen) => english(`screens.${screen}` as never),
  );
  const hits = wanted ? (search.data?.hits ?? []) : [];
  const options: Option[] = [
    ...screens.map((s) => ({
      key: `screen-${s.path}`,
      group: 'screen' as const,
      title: t(`screens.${s.screen}` as never),
      detail: s.path,
      path: s.path,
    })),
    ...hits.map((hit) => ({
      key: `${hit.kind}-${hit.id}`,
      group: hit.kind,
      title: hit.title,
      detail: detailOf(hit),
      path: pathOf(hit),
    })),
  ];
  const current = Math.min(active, options.length - 1);
  const groups = [...new Set(options.map((o) => o.group))];

  function detailOf(hit: SearchHit): string | null {
    const parts = [
      hit.detail,
      hit.language ? t(`languages.${hit.language}` as never) : null,
      hit.state ? t(`search.state.${hit.state}` as never, { defaultValue: hit.state }) : null,
    ].filter(Boolean);
    return parts.length ? parts.join(' · ') : null;
  }

  const close = () => {
    setText('');
    setActive(0);
    onClose();
  };
  const go = (option: Option | undefined) => {
    if (!option) return;
    close();
    void navigate(option.path);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!options.length) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + options.length) % options.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      go(options[current]);
    }
  };

  const optionId = (index: number) => `${id}-option-${index}`;
  const searching = wanted !== '' && (search.isFetching || wanted !== text.trim());
  const nothing = text.trim() !== '' && !searching && options.length === 0;
  const hidden = wanted ? (search.data?.hidden ?? []) : [];

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="sm"
      slotProps={{ paper: { sx: { alignSelf: 'flex-start', mt: 8 } } }}
      aria-labelledby={`${id}-title`}
      data-testid="search-dialog"
    >
      <Typography id={`${id}-title`} component="h2" sx={visuallyHidden}>
        {t('search.title')}
      </Typography>
      <Box sx={{ p: 2, pb: 1 }}>
        <TextField
          autoFocus
          fullWidth
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          placeholder={t('search.placeholder')}
          slotProps={{
            htmlInput: {
              role: 'combobox',
              'aria-label': t('search.title'),
              'aria-expanded': options.length > 0,
              'aria-controls': `${id}-list`,
              'aria-autocomplete': 'list',
              'aria-activedescendant': options.length ? optionId(current) : undefined,
              maxLength: 120,
              'data-testid': 'search-input',
            },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
              endAdornment: searching ? (
                <InputAdornment position="end">
                  <Spinner size={18} label={t('search.searching')} />
                </InputAdornment>
              ) : undefined,
            },
          }}
        />
      </Box>
      <Box
        id={`${id}-list`}
        role="listbox"
        aria-label={t('search.results')}
        sx={{ maxHeight: '60vh', overflowY: 'auto', px: 1, pb: 1 }}
        data-testid="search-results"
      >
        {groups.map((group) => (
          <Box key={group} role="group" aria-labelledby={`${id}-group-${group}`}>
            <Typography
              id={`${id}-group-${group}`}
              role="presentation"
              sx={{ px: 1.5, pt: 1.5, pb: 0.5, fontSize: 12, fontWeight: 600, color: 'text.secondary' }}
            >
              {t(`search.kinds.${group}`)}
            </Typography>
            {options.map((option, index) =>
              option.group !== group ? null : (
                <Box
                  key={option.key}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === current}
                  onMouseMove={() => index !== current && setActive(index)}
                  onClick={() => go(option)}
                  data-testid={`search-hit-${option.group}`}
                  sx={{
                    px: 1.5,
                    py: 0.75,
                    borderRadius: 1,
                    cursor: 'pointer',
                    bgcolor: index === current ? 'action.selected' : undefined,
                  }}
                >
                  <Typography sx={{ fontSize: 14, overflowWrap: 'anywhere' }}>{option.title}</Typography>
                  {option.detail && (
                    <Typography sx={{ fontSize: 12, color: 'text.secondary', overflowWrap: 'anywhere' }}>
                      {option.detail}
                    </Typography>
                  )}
                </Box>
              ),
            )}
          </Box>
        ))}
      </Box>
      <Box sx={{ px: 3, pb: 2, fontSize: 13, color: 'text.secondary' }} aria-live="polite">
        {search.isError ? (
          <span data-testid="search-error">{t('search.failed')}</span>
        ) : nothing ? (
          <span data-testid="search-nothing">{t('search.nothing', { text: text.trim() })}</span>
        ) : text.trim() === '' ? (
          t('search.hint')
        ) : null}
        {hidden.length > 0 && !searching && (
          <Box component="span" sx={{ display: 'block', mt: 0.5 }} data-testid="search-hidden">
            {t('search.hidden', { kinds: hidden.map((k) => t(`search.kinds.${k}`)).join(', ') })}
          </Box>
        )}
      </Box>
    </Dialog>
  );
}
