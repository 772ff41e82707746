import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { ZAvatarName } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { translateIssue } from '@/shared/lib/rule-message';

/** An avatar's name being typed, checked by the contract's rule ("Avatar Name is required"). */
export function useAvatarName(initial = '') {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  return {
    /** The name to send, or null with the rule's text shown under the field. */
    checked(): string | null {
      const check = ZAvatarName.safeParse(value);
      if (check.success) return check.data;
      setError(translateIssue(t, check.error.issues[0]!));
      return null;
    },
    field: {
      value,
      error,
      onChange: (next: string) => {
        setValue(next);
        setError(null);
      },
    },
  };
}

/** The name field of the create and rename dialogs. */
export function AvatarNameField({
  label,
  testId,
  value,
  error,
  onChange,
}: {
  label: string;
  testId: string;
  value: string;
  error: string | null;
  onChange: (next: string) => void;
}) {
  return (
    <TextField
      autoFocus
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error !== null}
      helperText={error ?? ' '}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    />
  );
}
