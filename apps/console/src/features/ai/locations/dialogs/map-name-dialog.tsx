import { useState, type FormEvent } from 'react';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MAP_NAME_MAX, ZMapName, ZMapUploadFields } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { translateIssue } from '@/shared/lib/rule-message';
import { FormDialog } from '@/shared/ui/form-dialog';

export type MapNameFields = { name: string; page: number };

/**
 * The Location and map action dialog for a map: name a floor plan just chosen (and, for a PDF, the
 * page to use), or rename a map (mode rename_map). Mount with a fresh key per opening.
 */
export function MapNameDialog({
  open,
  mode,
  initialName,
  file,
  onSubmit,
  onClose,
}: {
  open: boolean;
  mode: 'add_map' | 'rename_map';
  initialName: string;
  /** The floor plan being added. */
  file?: File | undefined;
  /** Resolves true when saved (the dialog closes). */
  onSubmit: (fields: MapNameFields) => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(initialName);
  const [page, setPage] = useState('1');
  const [touched, setTouched] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const pdf = Boolean(file && (file.type === 'application/pdf' || /\.pdf$/i.test(file.name)));

  const problems = () => {
    const nameCheck = ZMapName.safeParse(name);
    const pageCheck = ZMapUploadFields.shape.page.safeParse(Number(page));
    return {
      name: nameCheck.success ? null : translateIssue(t, nameCheck.error.issues[0]!),
      page: !pdf || (pageCheck.success && page.trim() !== '') ? null : t('locations.maps.page_invalid'),
    };
  };
  const shown = touched ? problems() : { name: null, page: null };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setTouched(true);
    const found = problems();
    if (found.name || found.page) return;
    setSubmitting(true);
    const saved = await onSubmit({ name: name.trim(), page: pdf ? Number(page) : 1 });
    setSubmitting(false);
    if (saved) onClose();
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      submitting={submitting}
      title={mode === 'add_map' ? t('locations.maps.add_title') : t('locations.maps.rename_title')}
      testId="map-name-dialog"
      dataAttributes={{ 'data-mode': mode }}
      width={400}
      submitLabel={mode === 'add_map' ? t('locations.maps.upload_save') : t('common.save')}
      submitTestId="map-save"
    >
      {file && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {t('locations.maps.file', { name: file.name })}
        </Typography>
      )}
      <TextField
        label={t('locations.maps.name')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        required
        autoFocus
        error={Boolean(shown.name)}
        helperText={shown.name ?? ' '}
        slotProps={{ htmlInput: { maxLength: MAP_NAME_MAX, 'data-testid': 'map-name-input' } }}
      />
      {pdf && (
        <TextField
          label={t('locations.maps.page')}
          type="number"
          value={page}
          onChange={(event) => setPage(event.target.value)}
          error={Boolean(shown.page)}
          helperText={shown.page ?? t('locations.maps.page_hint')}
          slotProps={{ htmlInput: { min: 1, step: 1, 'data-testid': 'map-page-input' } }}
        />
      )}
    </FormDialog>
  );
}
