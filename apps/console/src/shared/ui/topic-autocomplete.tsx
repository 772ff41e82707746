import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** A question topic as a picker offers it; the category is shown under the name when given. */
export type TopicOption = { id: number; name: string; category_name?: string | null };

export type TopicAutocompleteProps<T extends TopicOption> = {
  value: T | null;
  onChange: (value: T | null) => void;
  search: string;
  onSearch: (text: string) => void;
  /** Already matched by the server: the box shows them as they come. */
  options: T[];
  loading: boolean;
  label: string;
  /** Placeholder, and what the list says before anything is typed. */
  hint: string;
  /** What the list says when a search found nothing. */
  noMatches: string;
  /** Whether something has been searched for yet (hint or no matches). */
  searched: boolean;
  error?: string | null;
  autoFocus?: boolean;
  /** `data-testid` of the input; options get `<optionTestId>-<id>`. */
  testId: string;
  optionTestId: string;
};

/** Picks a question topic from server-side suggestions (Train dialogs). */
export function TopicAutocomplete<T extends TopicOption>({
  value,
  onChange,
  search,
  onSearch,
  options,
  loading,
  label,
  hint,
  noMatches,
  searched,
  error,
  autoFocus,
  testId,
  optionTestId,
}: TopicAutocompleteProps<T>) {
  const { t } = useTranslation();
  return (
    <Autocomplete
      value={value}
      onChange={(_event, next) => onChange(next)}
      inputValue={search}
      onInputChange={(_event, next) => onSearch(next)}
      options={options}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      // The server already matched the text; the box must not filter its answer again.
      filterOptions={(list) => list}
      loading={loading}
      loadingText={t('common.loading')}
      noOptionsText={searched ? noMatches : hint}
      renderOption={(props, option) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest} data-testid={`${optionTestId}-${option.id}`}>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2">{option.name}</Typography>
              {option.category_name && (
                <Typography variant="caption" color="text.secondary">
                  {option.category_name}
                </Typography>
              )}
            </Box>
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder={hint}
          required
          autoFocus={autoFocus}
          error={Boolean(error)}
          helperText={error}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId },
          }}
        />
      )}
    />
  );
}
