import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/**
 * A whole number of seconds within bounds, saved when the field is left or Enter is pressed. A
 * value out of bounds says so and is not saved; Escape goes back to the saved value.
 */
export function SecondsField({
  label,
  value,
  min,
  max,
  onCommit,
  width = 150,
  testId,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  onCommit: (seconds: number) => void;
  width?: number;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? String(value);
  const n = Number(text);
  const valid = text.trim() !== '' && Number.isInteger(n) && n >= min && n <= max;

  const commit = () => {
    if (draft === null) return;
    if (!valid) return;
    setDraft(null);
    if (n !== value) onCommit(n);
  };

  return (
    <TextField
      label={label}
      size="small"
      type="number"
      value={text}
      error={!valid}
      helperText={
        valid
          ? t('interface.idle.seconds_hint', { min, max })
          : t('interface.idle.seconds_range', { min, max })
      }
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
        if (event.key === 'Escape') setDraft(null);
      }}
      slotProps={{ htmlInput: { min, max, step: 1, inputMode: 'numeric', 'data-testid': testId } }}
      sx={{ width }}
    />
  );
}
