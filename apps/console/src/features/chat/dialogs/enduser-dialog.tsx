import { useState, type FormEvent } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import type { ChatEndUser } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useChanged } from '@/shared/ui/quit-editing-dialog';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { useUpdateEndUser } from '../api/update-enduser';
import { MAX_TAGS, formOf, tagsOf, validateEndUserForm, type EndUserForm } from '../lib/enduser-form';

export type EndUserDialogProps = {
  open: boolean;
  user: ChatEndUser;
  onClose: () => void;
};

/**
 * Edit the visitor's name, mobile and tags (what the kiosk asked, or what the operator learns in
 * the chat). Mount with a fresh `key` each time it opens, so the form starts from the visitor.
 */
export function EndUserDialog({ open, user, onClose }: EndUserDialogProps) {
  const { t } = useTranslation();
  const update = useUpdateEndUser(user.session_id);
  const [form, setForm] = useState<EndUserForm>(() => formOf(user));
  const [submitted, setSubmitted] = useState(false);
  const dirty = useChanged(form);
  const checked = validateEndUserForm(form, t);
  const errors = submitted && !checked.ok ? checked.errors : {};

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (!checked.ok || update.isPending) return;
    const result = await notify.run(() => update.mutateAsync(checked.body), {
      loading: t('common.updating'),
      success: t('chat.edit.saved'),
    });
    if (result.ok) onClose();
  };

  const change = (patch: Partial<EndUserForm>) => setForm((current) => ({ ...current, ...patch }));

  return (
    <FormDialog
      open={open}
      dirty={dirty}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      submitting={update.isPending}
      title={t('chat.edit.title')}
      testId="chat-enduser-dialog"
      submitLabel={t('common.save')}
      width={440}
    >
      <TextField
        label={t('chat.edit.name')}
        value={form.name}
        onChange={(event) => change({ name: event.target.value })}
        placeholder={t('chat.visitor')}
        error={Boolean(errors.name)}
        helperText={errors.name}
        autoFocus
        slotProps={{ htmlInput: { 'data-testid': 'chat-edit-name', maxLength: 100 } }}
      />
      <TextField
        label={t('chat.edit.mobile')}
        value={form.mobile}
        onChange={(event) => change({ mobile: event.target.value })}
        error={Boolean(errors.mobile)}
        helperText={errors.mobile}
        slotProps={{ htmlInput: { 'data-testid': 'chat-edit-mobile', inputMode: 'tel', maxLength: 30 } }}
      />
      <Autocomplete<string, true, false, true>
        multiple
        freeSolo
        options={[]}
        value={form.tags}
        onChange={(_event, tags) => change({ tags: tagsOf({ ...form, tags, tagInput: '' }) })}
        inputValue={form.tagInput}
        onInputChange={(_event, value, reason) => {
          // A comma ends a tag, like Enter.
          if (reason === 'input' && value.includes(',')) {
            change({ tags: tagsOf({ ...form, tagInput: value }), tagInput: '' });
          } else {
            change({ tagInput: value });
          }
        }}
        renderValue={(tags, getItemProps) =>
          tags.map((tag, index) => {
            const { key, ...itemProps } = getItemProps({ index });
            return <Chip key={key} size="small" label={tag} {...itemProps} />;
          })
        }
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('chat.edit.tags')}
            error={Boolean(errors.tags)}
            helperText={errors.tags ?? t('chat.edit.tags_hint', { max: MAX_TAGS })}
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'chat-edit-tags', maxLength: 30 },
            }}
          />
        )}
      />
    </FormDialog>
  );
}
