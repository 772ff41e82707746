import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { ButtonPayload, Language } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { useButtonPayloads } from '../api/get-button-payloads';

export type PayloadFieldProps = {
  value: string;
  onChange: (payload: string) => void;
  language: Language;
  testId?: string;
  label?: string;
  error?: string | undefined;
};

/** A button's payload: a keyword of a topic in this language (grouped by topic), or free text. */
export function PayloadField({ value, onChange, language, testId, label, error }: PayloadFieldProps) {
  const { t } = useTranslation();
  const payloads = useButtonPayloads(language);
  const options = payloads.data ?? [];
  return (
    <Autocomplete<ButtonPayload | string, false, false, true>
      freeSolo
      size="small"
      options={options}
      groupBy={(option) => (typeof option === 'string' ? '' : option.intent_name)}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.payload)}
      getOptionKey={(option) =>
        typeof option === 'string' ? option : `${option.intent_id}:${option.payload}`
      }
      inputValue={value}
      onInputChange={(_event, next) => onChange(next)}
      value={value}
      onChange={(_event, next) =>
        onChange(next === null ? '' : typeof next === 'string' ? next : next.payload)
      }
      loading={payloads.isFetching}
      sx={{ flex: 1, minWidth: 140 }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label ?? t('responses.fields.payload')}
          placeholder={t('responses.fields.payload_hint')}
          error={Boolean(error)}
          helperText={error}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, maxLength: 200, 'data-testid': testId },
          }}
        />
      )}
    />
  );
}
