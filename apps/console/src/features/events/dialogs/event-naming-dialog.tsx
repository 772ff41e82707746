import { useState, type FormEvent } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import { EVENT_TITLE_MAX, LANGUAGES, ZCreateEventRequest, type Language } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { translateIssue } from '@/shared/lib/rule-message';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useChanged } from '@/shared/ui/quit-editing-dialog';

const ZNaming = ZCreateEventRequest.pick({ title: true, languages: true });
export type EventNaming = { title: string; languages: Language[] };

/**
 * Event naming: the event's title and the languages it plays in (of those the device offers).
 * Creating an event starts here; the editor opens it again to rename or change languages. Its
 * owner mounts it afresh (a new `key`) each time it opens.
 */
export function EventNamingDialog({
  open,
  title,
  initial,
  offered,
  submitLabel,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  initial: EventNaming;
  /** The languages to choose from (the device's, its default first). */
  offered: readonly Language[];
  submitLabel: string;
  /** Resolves true when done (the dialog closes), false to stay open (the snackbar said why). */
  onSubmit: (naming: EventNaming) => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial.title);
  const [languages, setLanguages] = useState<Language[]>(initial.languages);
  const [errors, setErrors] = useState<{ title?: string; languages?: string }>({});
  const [submitting, setSubmitting] = useState(false);
  const dirty = useChanged({ name, languages });
  const choices = LANGUAGES.filter((l) => offered.includes(l) || initial.languages.includes(l));

  const toggle = (language: Language, on: boolean) =>
    setLanguages((list) => (on ? [...list, language] : list.filter((l) => l !== language)));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const checked = ZNaming.safeParse({ title: name, languages });
    if (!checked.success) {
      const found: { title?: string; languages?: string } = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0] === 'languages' ? 'languages' : 'title';
        found[field] ??= translateIssue(t, issue);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      if (await onSubmit(checked.data)) onClose();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <FormDialog
      open={open}
      dirty={dirty}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      submitting={submitting}
      title={title}
      testId="event-naming-dialog"
      width={430}
      submitLabel={submitLabel}
      submitTestId="event-naming-submit"
    >
      <TextField
        label={t('events.naming.title')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        required
        autoFocus
        error={Boolean(errors.title)}
        helperText={errors.title ?? `${name.length} / ${EVENT_TITLE_MAX}`}
        slotProps={{ htmlInput: { maxLength: EVENT_TITLE_MAX, 'data-testid': 'event-naming-title' } }}
      />
      <FormControl component="fieldset" error={Boolean(errors.languages)} required>
        <FormLabel component="legend">{t('events.naming.languages')}</FormLabel>
        <FormGroup row>
          {choices.map((language) => (
            <FormControlLabel
              key={language}
              label={t(`languages.${language}`)}
              control={
                <Checkbox
                  checked={languages.includes(language)}
                  onChange={(e) => toggle(language, e.target.checked)}
                  slotProps={{ input: { 'data-testid': `event-naming-language-${language}` } as object }}
                />
              }
            />
          ))}
        </FormGroup>
        <FormHelperText>{errors.languages ?? t('events.naming.languages_hint')}</FormHelperText>
      </FormControl>
    </FormDialog>
  );
}
