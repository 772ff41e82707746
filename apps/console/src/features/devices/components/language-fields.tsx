import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { LANGUAGES, type Language } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { withDefault } from '../dialogs/device-form';

export type LanguageFieldsProps = {
  value: Language[];
  onChange: (languages: Language[]) => void;
  /** Already translated. */
  error?: string | undefined;
  disabled?: boolean;
};

/**
 * The languages a device offers, in the order chosen (the first is its default), and a default
 * select so the default can change without unticking and re-ticking languages.
 */
export function LanguageFields({ value, onChange, error, disabled = false }: LanguageFieldsProps) {
  const { t } = useTranslation();
  const name = (language: Language) => t(`languages.${language}`);
  return (
    <>
      <TextField
        select
        required
        disabled={disabled}
        label={t('devices.dialog.languages')}
        value={value}
        // MUI appends a newly ticked value at the end, so the order stays the order chosen.
        onChange={(event) => onChange(event.target.value as unknown as Language[])}
        error={Boolean(error)}
        helperText={error ?? t('devices.dialog.languages_hint')}
        slotProps={{
          select: {
            multiple: true,
            renderValue: (selected) => (selected as Language[]).map(name).join(', '),
            SelectDisplayProps: { 'data-testid': 'device-languages' } as object,
          },
        }}
      >
        {LANGUAGES.map((language) => (
          <MenuItem key={language} value={language} data-testid={`device-language-option-${language}`}>
            <Checkbox checked={value.includes(language)} size="small" sx={{ p: 0, mr: 1 }} />
            <ListItemText primary={name(language)} />
          </MenuItem>
        ))}
      </TextField>
      {value.length > 1 && (
        <TextField
          select
          disabled={disabled}
          label={t('devices.default_language')}
          value={value[0]}
          onChange={(event) => onChange(withDefault(value, event.target.value as Language))}
          slotProps={{
            select: { SelectDisplayProps: { 'data-testid': 'device-default-language' } as object },
          }}
        >
          {value.map((language) => (
            <MenuItem key={language} value={language} data-testid={`device-default-option-${language}`}>
              {name(language)}
            </MenuItem>
          ))}
        </TextField>
      )}
    </>
  );
}
