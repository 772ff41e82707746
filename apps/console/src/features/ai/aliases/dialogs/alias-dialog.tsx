import { useState, type FormEvent, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Entity } from '@ambassador/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useChanged } from '@/shared/ui/quit-editing-dialog';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { useAiDeviceId } from '@/features/ai/common/api/ai-keys';
import { useUpdateEntity } from '../api/update-entity';
import { addAliasTo, ALIAS_MAX_COUNT, ALIAS_MAX_LENGTH, type AliasAddResult } from './alias-form';

export function aliasReasonText(t: TFunction, reason: Exclude<AliasAddResult, { ok: true }>['reason']) {
  switch (reason) {
    case 'comma':
      return t('aliases.no_comma');
    case 'too_long':
      return t('rules.maximum_characters', { max: ALIAS_MAX_LENGTH });
    case 'duplicate':
      return t('aliases.duplicate');
    case 'empty':
      return t('aliases.empty_alias');
  }
}

/** Edit the aliases of one keyword as chips: Enter adds, the chip's cross removes. Mount per opening. */
export function AliasDialog({
  open,
  entity,
  onClose,
}: {
  open: boolean;
  entity: Entity;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const deviceId = useAiDeviceId();
  const update = useUpdateEntity();
  const [aliases, setAliases] = useState<string[]>(entity.aliases);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const dirty = useChanged({ aliases, text });

  /** Adds the typed alias; false (with the reason shown) when it cannot be added. */
  const commit = (): string[] | null => {
    if (text.trim() === '') return aliases;
    if (aliases.length >= ALIAS_MAX_COUNT) {
      setError(t('aliases.too_many', { max: ALIAS_MAX_COUNT }));
      return null;
    }
    const result = addAliasTo(aliases, text);
    if (!result.ok) {
      setError(aliasReasonText(t, result.reason));
      return null;
    }
    setAliases(result.aliases);
    setText('');
    setError(null);
    return result.aliases;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Backspace' && text === '' && aliases.length > 0) {
      setAliases((list) => list.slice(0, -1));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting || deviceId === null) return;
    const list = commit();
    if (!list) return;
    setSubmitting(true);
    const result = await notify.run(
      () => update.mutateAsync({ device_id: deviceId, entity_id: entity.entity_id, aliases: list }),
      { loading: t('common.updating'), success: t('aliases.updated', { keyword: entity.keyword }) },
    );
    setSubmitting(false);
    if (result.ok) onClose();
  };

  return (
    <FormDialog
      open={open}
      dirty={dirty}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      submitting={submitting}
      title={t('aliases.edit_title', { keyword: entity.keyword })}
      testId="alias-dialog"
      width={480}
      submitLabel={t('common.save')}
    >
      <Typography variant="body2" color="text.secondary">
        {t('aliases.edit_hint')}
      </Typography>
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, minHeight: 32 }}
        data-testid="alias-chips"
        aria-label={t('aliases.columns.aliases')}
      >
        {aliases.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('aliases.none')}
          </Typography>
        ) : (
          aliases.map((alias) => (
            <Chip
              key={alias}
              label={alias}
              onDelete={submitting ? undefined : () => setAliases((list) => list.filter((a) => a !== alias))}
              data-testid={`alias-chip-${alias}`}
            />
          ))
        )}
      </Box>
      <TextField
        label={t('aliases.add_label')}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setError(event.target.value.includes(',') ? t('aliases.no_comma') : null);
        }}
        onKeyDown={onKeyDown}
        disabled={submitting}
        autoFocus
        error={Boolean(error)}
        helperText={error ?? t('aliases.add_help')}
        data-testid="alias-input"
        slotProps={{ htmlInput: { maxLength: ALIAS_MAX_LENGTH } }}
      />
    </FormDialog>
  );
}
