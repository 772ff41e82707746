import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import SendOutlined from '@mui/icons-material/SendOutlined';
import { PUSH_DURATION, PUSH_TEXT_MAX, type Language } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@/shared/auth/auth-store';
import { LanguageTabs } from '@/shared/ui/language-tabs';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { useCreatePush } from '../api/create-push';
import {
  DEFAULT_PUSH_LANGUAGES,
  addableLanguages,
  afterPush,
  emptyPushForm,
  validatePushForm,
  type PushForm,
} from '../lib/push-form';
import { DevicePicker } from './device-picker';
import { PushImageField } from './push-image-field';
import { Spinner } from '@/shared/ui/spinner';

/** Compose a message and push it to chosen devices: texts per language, image, duration, speech. */
export function PushComposeCard({ onPushed }: { onPushed: () => void }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const devices = auth.device_list;
  const create = useCreatePush();
  const [form, setForm] = useState<PushForm>(() => emptyPushForm(devices));
  const [tab, setTab] = useState<Language>(DEFAULT_PUSH_LANGUAGES[0]!);
  const [submitted, setSubmitted] = useState(false);
  const [languageMenu, setLanguageMenu] = useState<HTMLElement | null>(null);
  const sending = create.isPending;

  const checked = validatePushForm(form, t);
  const errors = submitted && !checked.ok ? checked.errors : {};
  const change = (patch: Partial<PushForm>) => setForm((current) => ({ ...current, ...patch }));
  const text = form.texts[tab] ?? '';
  const written = form.languages.filter((language) => form.texts[language]?.trim());
  const textError = errors[`text_${tab}`] ?? errors.texts;

  const addLanguage = (language: Language) => {
    setLanguageMenu(null);
    change({ languages: [...form.languages, language] });
    setTab(language);
  };

  const removeLanguage = (language: Language) => {
    const texts = { ...form.texts };
    delete texts[language];
    change({ languages: form.languages.filter((l) => l !== language), texts });
    setTab(DEFAULT_PUSH_LANGUAGES[0]!);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    setSubmitted(true);
    if (!checked.ok) {
      // A text too long in another tab: show that tab.
      const wrongTab = form.languages.find((language) => checked.errors[`text_${language}`]);
      if (wrongTab) setTab(wrongTab);
      notify.error(t('push.form.invalid'));
      return;
    }
    const body = checked.body;
    const result = await notify.run(() => create.mutateAsync(body), {
      loading: t('push.form.pushing'),
      success: (push) => t('push.form.pushed', { count: push.deliveries?.length || body.device_ids.length }),
    });
    if (result.ok) {
      setForm(afterPush);
      setSubmitted(false);
      onPushed();
    }
  };

  return (
    <Card
      component="form"
      onSubmit={(event: FormEvent<HTMLFormElement>) => void submit(event)}
      noValidate
      sx={{ mb: 3 }}
      data-testid="push-form"
    >
      {/* Two columns only where the text box keeps its room (the left bar takes 256 px of 1024); the
          minmax(0, …) tracks let a long device list or tab row shrink instead of pushing the card wider. */}
      <CardContent
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
        }}
      >
        <Box sx={{ display: 'grid', gap: 2, alignContent: 'start', gridTemplateColumns: 'minmax(0, 1fr)' }}>
          <DevicePicker
            devices={devices}
            value={form.device_ids}
            onChange={(device_ids) => change({ device_ids })}
            error={errors.devices}
            disabled={sending}
          />
          <Box>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
              <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
                <LanguageTabs
                  value={tab}
                  onChange={setTab}
                  languages={form.languages}
                  ariaLabel={t('push.form.languages')}
                />
              </Box>
              {addableLanguages(form).length > 0 && (
                <Button
                  size="small"
                  startIcon={<AddIcon />}
                  onClick={(event) => setLanguageMenu(event.currentTarget)}
                  aria-haspopup="menu"
                  data-testid="push-add-language"
                >
                  {t('push.form.add_language')}
                </Button>
              )}
              <Menu
                anchorEl={languageMenu}
                open={Boolean(languageMenu)}
                onClose={() => setLanguageMenu(null)}
              >
                {addableLanguages(form).map((language) => (
                  <MenuItem
                    key={language}
                    onClick={() => addLanguage(language)}
                    data-testid={`push-add-language-${language}`}
                  >
                    {t(`languages.${language}`)}
                  </MenuItem>
                ))}
              </Menu>
            </Box>
            <TextField
              fullWidth
              multiline
              minRows={3}
              maxRows={8}
              value={text}
              disabled={sending}
              onChange={(event) => change({ texts: { ...form.texts, [tab]: event.target.value } })}
              label={t('push.form.text_label', { language: t(`languages.${tab}`) })}
              error={Boolean(textError)}
              sx={{ mt: 2 }}
              slotProps={{
                htmlInput: { maxLength: PUSH_TEXT_MAX, 'data-testid': 'push-text', 'data-language': tab },
              }}
            />
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, px: 1.75, pt: 0.5 }}>
              <Typography
                variant="caption"
                color={textError ? 'error' : 'text.secondary'}
                role={textError ? 'alert' : undefined}
                data-testid="push-text-help"
              >
                {textError ??
                  (written.length > 0
                    ? t('push.form.written_in', {
                        languages: written.map((l) => t(`languages.${l}`)).join(', '),
                      })
                    : t('push.form.text_hint'))}
              </Typography>
              <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
                {t('push.form.counter', { count: text.length, max: PUSH_TEXT_MAX })}
              </Typography>
            </Box>
            {!DEFAULT_PUSH_LANGUAGES.includes(tab) && (
              <Button size="small" color="inherit" onClick={() => removeLanguage(tab)} sx={{ mt: 0.5 }}>
                {t('push.form.remove_language', { language: t(`languages.${tab}`) })}
              </Button>
            )}
          </Box>
        </Box>
        <Box sx={{ display: 'grid', gap: 2.5, alignContent: 'start', gridTemplateColumns: 'minmax(0, 1fr)' }}>
          <PushImageField
            value={form.image_url}
            onChange={(image_url) => change({ image_url })}
            disabled={sending}
          />
          <TextField
            type="number"
            label={t('push.form.duration')}
            value={form.duration}
            disabled={sending}
            onChange={(event) => change({ duration: event.target.value })}
            error={Boolean(errors.duration)}
            helperText={
              errors.duration ??
              t('push.form.duration_hint', { min: PUSH_DURATION.min, max: PUSH_DURATION.max })
            }
            sx={{ maxWidth: 220 }}
            slotProps={{
              input: {
                endAdornment: <InputAdornment position="end">{t('push.form.seconds')}</InputAdornment>,
              },
              htmlInput: {
                min: PUSH_DURATION.min,
                max: PUSH_DURATION.max,
                step: 1,
                'data-testid': 'push-duration',
              },
            }}
          />
          <Box>
            <FormControlLabel
              control={
                <Switch
                  checked={form.speak}
                  disabled={sending}
                  onChange={(event) => change({ speak: event.target.checked })}
                  slotProps={{ input: { 'data-testid': 'push-speak' } as object }}
                />
              }
              label={t('push.form.speak')}
            />
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', ml: 6, mt: -0.5 }}>
              {t('push.form.speak_hint')}
            </Typography>
          </Box>
        </Box>
        <Box sx={{ gridColumn: '1 / -1', display: 'flex', justifyContent: 'flex-end' }}>
          <Button
            type="submit"
            variant="contained"
            disabled={sending}
            startIcon={sending ? <Spinner size={16} color="inherit" /> : <SendOutlined />}
            data-testid="push-submit"
          >
            {sending ? t('push.form.pushing') : t('push.form.submit')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
