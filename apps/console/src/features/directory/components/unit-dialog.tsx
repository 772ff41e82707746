import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadOutlined from '@mui/icons-material/UploadOutlined';
import {
  DIRECTORY_DESCRIPTION_MAX,
  DIRECTORY_NAME_MAX,
  IMAGE_TYPES,
  IMAGE_UPLOAD_MAX_BYTES,
  ZDirectoryUnitFields,
  type DirectoryUnit,
  type Language,
} from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '@/shared/api/api-error';
import { translateIssue } from '@/shared/lib/rule-message';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useChanged } from '@/shared/ui/quit-editing-dialog';
import { LanguageTabs } from '@/shared/ui/language-tabs';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { useSaveUnit } from '../api/directory';

type Texts = Partial<Record<Language, string>>;
type Form = {
  unit: string;
  names: Texts;
  descriptions: Texts;
  phone: string;
  email: string;
  live_chat: boolean;
};
const formOf = (u: DirectoryUnit | null): Form =>
  u
    ? {
        unit: u.unit,
        names: u.names,
        descriptions: u.descriptions,
        phone: u.phone,
        email: u.email,
        live_chat: u.live_chat,
      }
    : { unit: '', names: {}, descriptions: {}, phone: '', email: '', live_chat: false };

/** Texts without blanks, as the server keeps them. */
const filled = (texts: Texts): Texts =>
  Object.fromEntries(Object.entries(texts).filter(([, v]) => v?.trim()));

/**
 * Unit management (add/edit): the unit number, per device language the occupant's name and a
 * description, phone, email, the live-chat switch and a logo (previewed before it is sent; it goes
 * up with the fields in one request). Its owner mounts it afresh (a new `key`) each time it opens,
 * so it starts from the unit while the closing animation still shows what was there.
 */
export function UnitDialog({
  open,
  unit,
  deviceId,
  languages,
  onClose,
}: {
  open: boolean;
  /** null: a new unit. */
  unit: DirectoryUnit | null;
  deviceId: number;
  languages: readonly Language[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveUnit();
  const [form, setForm] = useState<Form>(() => formOf(unit));
  const [language, setLanguage] = useState<Language>(languages[0] ?? 'english');
  const [logo, setLogo] = useState<File | null>(null);
  const [removeLogo, setRemoveLogo] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const dirty = useChanged({ form, logo: logo?.name ?? null, removeLogo });
  const input = useRef<HTMLInputElement>(null);
  // The chosen file's preview, released when replaced or closed.
  const preview = useMemo(() => (logo ? URL.createObjectURL(logo) : null), [logo]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  const close = onClose;
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const setText = (key: 'names' | 'descriptions', value: string) =>
    setForm((f) => ({ ...f, [key]: { ...f[key], [language]: value } }));

  const chooseLogo = (file: File | undefined) => {
    if (!file) return;
    if (file.size > IMAGE_UPLOAD_MAX_BYTES) {
      setErrors((e) => ({
        ...e,
        logo: t('interface.directory.logo_too_large', { mb: IMAGE_UPLOAD_MAX_BYTES / 1024 / 1024 }),
      }));
      return;
    }
    if (file.type && !(IMAGE_TYPES as readonly string[]).includes(file.type)) {
      setErrors((e) => ({ ...e, logo: t('interface.directory.logo_wrong_type') }));
      return;
    }
    setErrors(({ logo: _dropped, ...rest }) => rest);
    setLogo(file);
    setRemoveLogo(false);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const fields = { ...form, names: filled(form.names), descriptions: filled(form.descriptions) };
    const checked = ZDirectoryUnitFields.safeParse(fields);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) {
        const key = String(issue.path[0] ?? 'unit');
        found[key] ??= translateIssue(t, issue);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    const result = await notify.run(
      () =>
        save.mutateAsync({
          deviceId,
          ...(unit ? { id: unit.id } : {}),
          fields,
          logo,
          removeLogo,
        }),
      {
        loading: unit ? t('common.updating') : t('common.adding'),
        success: unit ? t('interface.directory.updated') : t('interface.directory.added'),
        error: (e) => errorMessage(e, t('interface.directory.save_failed')),
      },
    );
    if (result.ok) close();
    else if (result.error instanceof ApiError && result.error.code === 'unit_taken') {
      setErrors({ unit: errorMessage(result.error, '') });
    }
  };

  const shownLogo = preview ?? (removeLogo ? null : (unit?.logo_url ?? null));
  const textLength = (key: 'names' | 'descriptions') => (form[key][language] ?? '').length;

  return (
    <FormDialog
      open={open}
      dirty={dirty}
      onClose={close}
      onSubmit={(e) => void submit(e)}
      submitting={save.isPending}
      title={unit ? t('interface.directory.edit_title') : t('interface.directory.add_title')}
      testId="unit-dialog"
      width={560}
      submitLabel={unit ? t('common.save') : t('common.add')}
      submitTestId="unit-submit"
    >
      <TextField
        label={t('interface.directory.unit')}
        value={form.unit}
        onChange={(e) => set('unit', e.target.value)}
        required
        autoFocus
        error={Boolean(errors.unit)}
        helperText={errors.unit ?? t('interface.directory.unit_hint')}
        slotProps={{ htmlInput: { 'data-testid': 'unit-number' } }}
      />
      <Box>
        <LanguageTabs
          value={language}
          onChange={setLanguage}
          languages={languages}
          filled={languages.filter((l) => form.names[l] || form.descriptions[l])}
          testIdPrefix="unit-language"
        />
        <Box sx={{ display: 'grid', gap: 2, mt: 2 }}>
          <TextField
            label={t('interface.directory.name_in', { language: t(`languages.${language}`) })}
            value={form.names[language] ?? ''}
            onChange={(e) => setText('names', e.target.value)}
            error={Boolean(errors.names)}
            helperText={errors.names ?? `${textLength('names')} / ${DIRECTORY_NAME_MAX}`}
            slotProps={{
              htmlInput: { 'data-testid': `unit-name-${language}`, maxLength: DIRECTORY_NAME_MAX },
            }}
          />
          <TextField
            label={t('interface.directory.description_in', { language: t(`languages.${language}`) })}
            value={form.descriptions[language] ?? ''}
            onChange={(e) => setText('descriptions', e.target.value)}
            multiline
            minRows={2}
            error={Boolean(errors.descriptions)}
            helperText={errors.descriptions ?? `${textLength('descriptions')} / ${DIRECTORY_DESCRIPTION_MAX}`}
            slotProps={{
              htmlInput: {
                'data-testid': `unit-description-${language}`,
                maxLength: DIRECTORY_DESCRIPTION_MAX,
              },
            }}
          />
        </Box>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          label={t('interface.directory.phone')}
          value={form.phone}
          onChange={(e) => set('phone', e.target.value)}
          type="tel"
          error={Boolean(errors.phone)}
          helperText={errors.phone}
          slotProps={{ htmlInput: { 'data-testid': 'unit-phone' } }}
        />
        <TextField
          label={t('interface.directory.email')}
          value={form.email}
          onChange={(e) => set('email', e.target.value)}
          type="email"
          error={Boolean(errors.email)}
          helperText={errors.email}
          slotProps={{ htmlInput: { 'data-testid': 'unit-email' } }}
        />
      </Box>
      <FormControlLabel
        control={
          <Switch
            checked={form.live_chat}
            onChange={(e) => set('live_chat', e.target.checked)}
            slotProps={{ input: { 'data-testid': 'unit-live-chat' } as object }}
          />
        }
        label={t('interface.directory.live_chat_switch')}
      />
      <Box>
        <Typography variant="body2" sx={{ mb: 1, fontWeight: 500 }}>
          {t('interface.directory.logo')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
          {shownLogo && (
            <Box
              component="img"
              src={shownLogo}
              alt={t('interface.directory.logo_preview')}
              data-testid="unit-logo-preview"
              sx={{
                width: 72,
                height: 72,
                objectFit: 'contain',
                borderRadius: 1,
                border: 1,
                borderColor: 'divider',
              }}
            />
          )}
          <Button
            variant="outlined"
            size="small"
            startIcon={<UploadOutlined />}
            onClick={() => input.current?.click()}
            disabled={save.isPending}
          >
            {shownLogo ? t('interface.directory.logo_replace') : t('interface.directory.logo_upload')}
          </Button>
          {shownLogo && (
            <Button
              size="small"
              color="inherit"
              disabled={save.isPending}
              onClick={() => {
                setLogo(null);
                setRemoveLogo(true);
              }}
              data-testid="unit-logo-remove"
            >
              {t('interface.directory.logo_remove')}
            </Button>
          )}
          <input
            ref={input}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            hidden
            data-testid="unit-logo-input"
            onChange={(e) => {
              chooseLogo(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </Box>
        <Typography
          variant="caption"
          color={errors.logo ? 'error' : 'text.secondary'}
          role={errors.logo ? 'alert' : undefined}
          sx={{ display: 'block', mt: 0.5 }}
        >
          {errors.logo ?? t('interface.directory.logo_hint', { mb: IMAGE_UPLOAD_MAX_BYTES / 1024 / 1024 })}
        </Typography>
      </Box>
    </FormDialog>
  );
}
