import { useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import CancelIcon from '@mui/icons-material/Cancel';
import { useTranslation } from 'react-i18next';
import { withLine } from '../lib/draft';

/**
 * A list of short lines (the ways a visitor says an entry, the topics a filter declines) as chips:
 * Enter adds what was typed, each chip's cross removes it. What is typed but not yet added is added
 * when the field loses focus, so a Save never forgets it.
 */
export function LinesField({
  label,
  values,
  onChange,
  error,
  hint,
  max,
  maxLength,
  testId,
}: {
  label: string;
  values: readonly string[];
  onChange: (values: string[]) => void;
  error?: string;
  hint?: string;
  max: number;
  maxLength: number;
  testId: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const full = values.length >= max;

  const add = () => {
    if (!text.trim()) return;
    onChange(withLine(values, text));
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    add();
  };

  return (
    <Box data-testid={testId}>
      <TextField
        label={label}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={add}
        disabled={full}
        error={Boolean(error)}
        placeholder={full ? undefined : t('small_talk.lines.placeholder')}
        autoComplete="off"
        slotProps={{ htmlInput: { maxLength, 'data-testid': `${testId}-input` } }}
      />
      <FormHelperText error={Boolean(error)} sx={{ mx: 1.75 }}>
        {error ?? (
          <>
            {hint && `${hint} `}
            <span data-testid={`${testId}-count`}>
              {t('small_talk.lines.count', { n: values.length, max })}
            </span>
          </>
        )}
      </FormHelperText>
      {values.length > 0 && (
        <Box
          component="ul"
          aria-label={label}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, listStyle: 'none', p: 0, m: 0, mt: 1 }}
        >
          {values.map((value, index) => (
            <li key={`${index}-${value}`}>
              <Chip
                label={value}
                size="small"
                onDelete={() => onChange(values.filter((_, i) => i !== index))}
                data-testid={`${testId}-chip`}
                deleteIcon={
                  <CancelIcon
                    titleAccess={t('small_talk.lines.remove', { line: value })}
                    data-testid={`${testId}-remove`}
                  />
                }
                sx={{
                  maxWidth: '100%',
                  height: 'auto',
                  '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 },
                }}
              />
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
