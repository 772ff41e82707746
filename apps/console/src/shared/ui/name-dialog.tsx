import { useState, type FormEvent, type ReactNode } from 'react';
import TextField from '@mui/material/TextField';
import { FormDialog } from './form-dialog';
import { useChanged } from './quit-editing-dialog';

export type NameDialogProps = {
  open: boolean;
  title: string;
  /** The name field's label. */
  label: string;
  initialName?: string;
  maxLength: number;
  /** The name's problem in the interface language (a contract rule, translated), or null. */
  validate: (name: string) => string | null;
  /** Above the field (where the new record goes). */
  intro?: ReactNode;
  /** More fields under the name, and whether they are fine (checked with the name on submit). */
  extra?: { render: (touched: boolean) => ReactNode; valid: () => boolean };
  submitLabel: string;
  /** `data-testid` of the dialog, of the name field (its root) and of the submit button. */
  testIds: { dialog: string; input: string; submit: string };
  dataAttributes?: Record<`data-${string}`, string>;
  /** Resolves true when saved (the dialog closes). Gets the name as typed. */
  onSubmit: (name: string) => Promise<boolean>;
  onClose: () => void;
};

/**
 * A dialog that names (or renames) one record: the name checked by the contract's rule once a save
 * was tried, submitting once at a time, closing when saved. Mount with a fresh key per opening.
 * Category names and map names use it.
 */
export function NameDialog({
  open,
  title,
  label,
  initialName = '',
  maxLength,
  validate,
  intro,
  extra,
  submitLabel,
  testIds,
  dataAttributes,
  onSubmit,
  onClose,
}: NameDialogProps) {
  const [name, setName] = useState(initialName);
  const [touched, setTouched] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const dirty = useChanged(name);
  const error = touched ? validate(name) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setTouched(true);
    const extraValid = extra ? extra.valid() : true;
    if (validate(name) || !extraValid) return;
    setSubmitting(true);
    const saved = await onSubmit(name);
    setSubmitting(false);
    if (saved) onClose();
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      dirty={dirty}
      onSubmit={(event) => void submit(event)}
      submitting={submitting}
      title={title}
      testId={testIds.dialog}
      width={400}
      submitLabel={submitLabel}
      submitTestId={testIds.submit}
      {...(dataAttributes && { dataAttributes })}
    >
      {intro}
      <TextField
        label={label}
        value={name}
        onChange={(event) => setName(event.target.value)}
        required
        autoFocus
        error={Boolean(error)}
        helperText={error ?? ' '}
        data-testid={testIds.input}
        slotProps={{ htmlInput: { maxLength } }}
      />
      {extra?.render(touched)}
    </FormDialog>
  );
}
