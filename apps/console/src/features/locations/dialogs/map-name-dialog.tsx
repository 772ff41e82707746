import { useState } from 'react';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MAP_NAME_MAX, ZMapName, ZMapUploadFields } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { translateIssue } from '@/shared/lib/rule-message';
import { NameDialog } from '@/shared/ui/name-dialog';

export type MapNameFields = { name: string; page: number };

const isPdf = (file: File) => file.type === 'application/pdf' || /\.pdf$/i.test(file.name);

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
  const [page, setPage] = useState('1');
  const pdf = Boolean(file && isPdf(file));
  const pageValid = () => page.trim() !== '' && ZMapUploadFields.shape.page.safeParse(Number(page)).success;

  return (
    <NameDialog
      open={open}
      title={mode === 'add_map' ? t('locations.maps.add_title') : t('locations.maps.rename_title')}
      label={t('locations.maps.name')}
      initialName={initialName}
      maxLength={MAP_NAME_MAX}
      validate={(name) => {
        const check = ZMapName.safeParse(name);
        return check.success ? null : translateIssue(t, check.error.issues[0]!);
      }}
      intro={
        file && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {t('locations.maps.file', { name: file.name })}
          </Typography>
        )
      }
      {...(pdf && {
        extra: {
          valid: pageValid,
          render: (touched: boolean) => {
            const wrong = touched && !pageValid();
            return (
              <TextField
                label={t('locations.maps.page')}
                type="number"
                value={page}
                onChange={(event) => setPage(event.target.value)}
                error={wrong}
                helperText={wrong ? t('locations.maps.page_invalid') : t('locations.maps.page_hint')}
                slotProps={{ htmlInput: { min: 1, step: 1, 'data-testid': 'map-page-input' } }}
              />
            );
          },
        },
      })}
      submitLabel={mode === 'add_map' ? t('locations.maps.upload_save') : t('common.save')}
      testIds={{ dialog: 'map-name-dialog', input: 'map-name-input', submit: 'map-save' }}
      dataAttributes={{ 'data-mode': mode }}
      onSubmit={(name) => onSubmit({ name: name.trim(), page: pdf ? Number(page) : 1 })}
      onClose={onClose}
    />
  );
}
