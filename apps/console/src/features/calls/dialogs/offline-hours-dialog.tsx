import { useState, type FormEvent } from 'react';
import { useSingleFlight } from '@/shared/lib/use-single-flight';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { DAY_OPTIONS, type DayOption, type Language, type OfflineHours } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { errorMessage, translateRule } from '@/shared/api/api-error';
import { DeviceSettingsDialog, type DeviceSettingsDialogProps } from './settings-loading-dialog';
import { ClockField } from '@/shared/ui/clock-field';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useChanged } from '@/shared/ui/quit-editing-dialog';
import { LanguageTabs } from '@/shared/ui/language-tabs';
import { PickersProvider } from '@/shared/ui/pickers-provider';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { useDeviceLanguages } from '../api/get-device-languages';
import { useOfflineHours } from '../api/get-offline-hours';
import { useUpdateOfflineHours } from '../api/update-offline-hours';
import {
  MAX_ROWS,
  RESPONSE_MAX,
  endsNextDay,
  hasErrors,
  initialOfflineHoursForm,
  newRow,
  offlineHoursRequest,
  timeZoneOptions,
  validateOfflineHours,
  type HoursRowForm,
  type OfflineHoursForm,
} from './offline-hours-form';

export type OfflineHoursDialogProps = DeviceSettingsDialogProps;

/** Live Video → Offline hours: when the selected device's desk is offline. Mount with a fresh `key` per opening. */
export function OfflineHoursDialog(props: OfflineHoursDialogProps) {
  const { t } = useTranslation();
  const saved = useOfflineHours(props.deviceId, props.open);
  const languages = useDeviceLanguages(props.deviceId, props.open);
  return (
    <DeviceSettingsDialog
      open={props.open}
      onClose={props.onClose}
      title={t('calls.offline.title', { device: props.deviceName })}
      testId="offline-hours-dialog"
      width={680}
      saved={saved}
      ready={!languages.loading}
      loadFailed={t('calls.offline.load_failed')}
    >
      {(data) => (
        <OfflineHoursEditor {...props} saved={data} languages={languages.languages} known={languages.known} />
      )}
    </DeviceSettingsDialog>
  );
}

function OfflineHoursEditor({
  open,
  deviceId,
  deviceName,
  onClose,
  saved,
  languages,
  known,
}: OfflineHoursDialogProps & { saved: OfflineHours; languages: readonly Language[]; known: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateOfflineHours();
  const [form, setForm] = useState<OfflineHoursForm>(() => initialOfflineHoursForm(saved));
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const dirty = useChanged(form);
  // Languages that already have a text stay editable even if the device dropped them.
  const tabs = [
    ...languages,
    ...(Object.keys(form.responses) as Language[]).filter(
      (language) => !languages.includes(language) && form.responses[language],
    ),
  ];
  const [language, setLanguage] = useState<Language>(tabs[0] ?? 'english');
  const flight = useSingleFlight();
  const submitting = flight.running;
  const errors = submitted ? validateOfflineHours(form) : { rows: {}, responses: {} };
  const zones = timeZoneOptions(form.time_zone);

  const change = (next: Partial<OfflineHoursForm>) => {
    setServerError(null);
    setForm((f) => ({ ...f, ...next }));
  };
  const setRow = (key: number, patch: Partial<HoursRowForm>) =>
    change({ rows: form.rows.map((row) => (row.key === key ? { ...row, ...patch } : row)) });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (flight.isBusy()) return;
    setSubmitted(true);
    const found = validateOfflineHours(form);
    if (hasErrors(found)) {
      notify.error(t('calls.offline.fix_errors'));
      // Show the first language with a problem, so the message is in view.
      const firstLanguage = Object.keys(found.responses)[0] as Language | undefined;
      if (firstLanguage) setLanguage(firstLanguage);
      return;
    }
    const result = await flight.run(() =>
      notify.run(() => update.mutateAsync({ deviceId, body: offlineHoursRequest(form) }), {
        loading: t('common.updating'),
        success: t('calls.offline.saved'),
      }),
    );
    if (!result) return;
    if (result.ok) onClose();
    else setServerError(errorMessage(result.error, ''));
  };

  const responseError = errors.responses[language];
  const responseText = form.responses[language] ?? '';

  return (
    <PickersProvider>
      <FormDialog
        open={open}
        dirty={dirty}
        onClose={onClose}
        onSubmit={(event) => void submit(event)}
        submitting={submitting}
        title={t('calls.offline.title', { device: deviceName })}
        testId="offline-hours-dialog"
        width={680}
        submitLabel={t('common.save')}
        submitTestId="offline-hours-save"
      >
        <Typography variant="body2" color="text.secondary">
          {t('calls.offline.intro')}
        </Typography>
        {serverError && (
          <Alert severity="error" data-testid="offline-hours-server-error">
            {serverError}
          </Alert>
        )}

        <Box sx={{ display: 'grid', gap: 1.5 }} data-testid="offline-hours-rows">
          {form.rows.length === 0 && (
            <Typography variant="body2" sx={{ fontStyle: 'italic' }} data-testid="offline-hours-none">
              {t('calls.offline.no_rows')}
            </Typography>
          )}
          {form.rows.map((row, index) => {
            const rowErrors = errors.rows[row.key] ?? {};
            return (
              <Box
                key={row.key}
                sx={{
                  display: 'grid',
                  gap: 1,
                  gridTemplateColumns: { xs: '1fr 1fr auto', sm: '1.3fr 1fr 1fr auto' },
                  alignItems: 'start',
                }}
                data-testid={`offline-row-${index}`}
              >
                <TextField
                  select
                  label={t('calls.offline.day')}
                  value={row.day}
                  onChange={(event) => setRow(row.key, { day: event.target.value as DayOption })}
                  sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
                  slotProps={{
                    select: { SelectDisplayProps: { 'data-testid': `offline-day-${index}` } as object },
                  }}
                >
                  {DAY_OPTIONS.map((day) => (
                    <MenuItem key={day} value={day} data-testid={`offline-day-option-${day}`}>
                      {t(`calls.offline.days.${day}`)}
                    </MenuItem>
                  ))}
                </TextField>
                <ClockField
                  label={t('calls.offline.start')}
                  value={row.start}
                  onChange={(start) => setRow(row.key, { start })}
                  error={rowErrors.start ? translateRule(t, rowErrors.start) : undefined}
                  testId={`offline-start-${index}`}
                />
                <ClockField
                  label={t('calls.offline.end')}
                  value={row.end}
                  onChange={(end) => setRow(row.key, { end })}
                  error={rowErrors.end ? translateRule(t, rowErrors.end) : undefined}
                  hint={endsNextDay(row) ? t('calls.offline.next_day') : undefined}
                  testId={`offline-end-${index}`}
                />
                <Tooltip title={t('calls.offline.remove_row')}>
                  <IconButton
                    onClick={() => change({ rows: form.rows.filter((r) => r.key !== row.key) })}
                    aria-label={t('calls.offline.remove_row')}
                    data-testid={`offline-remove-${index}`}
                  >
                    <DeleteOutlined />
                  </IconButton>
                </Tooltip>
              </Box>
            );
          })}
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <Button
              startIcon={<AddIcon />}
              onClick={() => change({ rows: [...form.rows, newRow(form.rows)] })}
              disabled={form.rows.length >= MAX_ROWS}
              data-testid="offline-add-row"
            >
              {t('calls.offline.add_row')}
            </Button>
            <Typography variant="caption" color="text.secondary">
              {form.rows.length >= MAX_ROWS
                ? t('calls.offline.too_many', { max: MAX_ROWS })
                : t('calls.offline.midnight_hint')}
            </Typography>
          </Box>
        </Box>

        <Autocomplete
          options={zones}
          value={form.time_zone}
          onChange={(_event, value) => {
            if (value) change({ time_zone: value });
          }}
          disableClearable
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('calls.offline.time_zone')}
              error={Boolean(errors.time_zone)}
              helperText={
                errors.time_zone ? translateRule(t, errors.time_zone) : t('calls.offline.time_zone_hint')
              }
              slotProps={{
                ...params.slotProps,
                htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'offline-time-zone' },
              }}
            />
          )}
        />

        <Box>
          <Typography sx={{ fontWeight: 600 }}>{t('calls.offline.response')}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t('calls.offline.response_hint')}
          </Typography>
          {!known && (
            <Typography variant="caption" color="text.secondary">
              {t('calls.offline.all_languages')}
            </Typography>
          )}
          <LanguageTabs value={language} onChange={setLanguage} languages={tabs} />
          <TextField
            multiline
            minRows={3}
            sx={{ mt: 2 }}
            label={t('calls.offline.response_label', { language: t(`languages.${language}`) })}
            value={responseText}
            onChange={(event) => change({ responses: { ...form.responses, [language]: event.target.value } })}
            error={Boolean(responseError)}
            helperText={
              responseError ? translateRule(t, responseError) : `${responseText.length} / ${RESPONSE_MAX}`
            }
            slotProps={{ htmlInput: { 'data-testid': 'offline-response', maxLength: RESPONSE_MAX } }}
          />
        </Box>
      </FormDialog>
    </PickersProvider>
  );
}
