import { useState, type FormEvent, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { useAiDeviceId } from '@/features/ai/common/api/ai-keys';
import { useAddAlias } from '../api/add-alias';
import { aliasReasonText } from '../dialogs/alias-dialog';
import { addAliasTo, ALIAS_MAX_LENGTH } from '../dialogs/alias-form';
import { Spinner } from '@/shared/ui/spinner';

/**
 * One alias typed and added to a keyword (POST /ai_config/alias_finder), which creates the keyword's
 * alias entry when it has none. Used by the right-bar card and, in place, by the Alias page.
 */
export function AddAliasField({
  keyword,
  aliases,
  inputTestId,
  addTestId,
  autoFocus = false,
  onCancel,
}: {
  keyword: string;
  /** The keyword's aliases now, to refuse a repeat before asking the server. */
  aliases: readonly string[];
  inputTestId: string;
  addTestId: string;
  autoFocus?: boolean;
  /** Escape with nothing being saved: the caller may hide the field. */
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const deviceId = useAiDeviceId();
  const addAlias = useAddAlias();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || deviceId === null) return;
    const checked = addAliasTo(aliases, text);
    if (!checked.ok) {
      setError(aliasReasonText(t, checked.reason));
      return;
    }
    setSaving(true);
    const alias = text.trim();
    const result = await notify.run(() => addAlias.mutateAsync({ device_id: deviceId, keyword, alias }), {
      loading: t('common.adding'),
      success: t('aliases.alias_added', { alias, keyword }),
    });
    setSaving(false);
    if (result.ok) {
      // Only what was sent is cleared: the next alias may already be typed by now.
      setText((current) => (current === text ? '' : current));
      setError(null);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && onCancel && !saving) {
      event.preventDefault();
      onCancel();
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(event: FormEvent) => void submit(event)}>
      <TextField
        size="small"
        data-testid={inputTestId}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setError(event.target.value.includes(',') ? t('aliases.no_comma') : null);
        }}
        onKeyDown={onKeyDown}
        placeholder={t('aliases.add_placeholder')}
        disabled={saving}
        autoFocus={autoFocus}
        error={Boolean(error)}
        helperText={error}
        slotProps={{
          htmlInput: {
            maxLength: ALIAS_MAX_LENGTH,
            'aria-label': t('aliases.add_for', { keyword }),
          },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  type="submit"
                  size="small"
                  edge="end"
                  disabled={saving || text.trim() === ''}
                  aria-label={t('aliases.add_for', { keyword })}
                  data-testid={addTestId}
                >
                  {saving ? <Spinner size={16} /> : <AddIcon fontSize="small" />}
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
    </Box>
  );
}
