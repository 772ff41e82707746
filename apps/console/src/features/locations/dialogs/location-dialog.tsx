import { useState, type FormEvent } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  IMAGE_TYPES,
  IMAGE_UPLOAD_MAX_BYTES,
  LOCATION_ADDRESS_MAX,
  LOCATION_LOCALES,
  LOCATION_MAX_ALIASES,
  LOCATION_NAME_MAX,
  LOCATION_PHONE_MAX,
  ZLocationAlias,
  ZLocationName,
  type Location,
  type LocationDetails,
  type LocationFields,
  type LocationLocale,
} from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/api/api-error';
import { translateIssue } from '@/shared/lib/rule-message';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useChanged } from '@/shared/ui/quit-editing-dialog';
import { ImageUploadField, type ImageUpload } from '@/shared/ui/image-upload-field';
import { LanguageTabs } from '@/shared/ui/language-tabs';
import { PickersProvider } from '@/shared/ui/pickers-provider';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { useResumableImageUpload } from '@/shared/upload/use-resumable-image-upload';
import { useSelectedDeviceId } from '@/shared/auth/use-selected-device';
import { locationFields, useLocationCategoryTree, useMaps, useSaveLocation } from '../api/locations-api';
import { MapPointPicker } from '../components/map-point-picker';
import { OpeningHoursEditor, hoursValid } from '../components/opening-hours-editor';
import { flattenCategoryTree } from '../lib/category-paths';
import { mapImage } from '../lib/map-image';

type Details = Omit<LocationDetails, 'localization'>;
/** The form: a location's fields, with the details of every locale (blank ones are not sent). */
export type LocationForm = Omit<Required<LocationFields>, 'device_id' | 'details'> & {
  details: Record<LocationLocale, Details>;
};

const emptyDetails = (): Details => ({
  name: '',
  address: '',
  phone_number: '',
  image: '',
  opening_hours: [],
});
const isBlank = (d: Details) =>
  !d.name.trim() && !d.address.trim() && !d.phone_number.trim() && !d.image && d.opening_hours.length === 0;

/** The form's first state: the location's values, or a new active location answered in every locale. */
export function initialLocationForm(location: Location | null): LocationForm {
  const fields = location ? locationFields(location) : null;
  const details = Object.fromEntries(
    LOCATION_LOCALES.map((l) => {
      const d = location?.details[l];
      return [
        l,
        d
          ? {
              name: d.name,
              address: d.address,
              phone_number: d.phone_number,
              image: d.image,
              opening_hours: d.opening_hours,
            }
          : emptyDetails(),
      ];
    }),
  ) as Record<LocationLocale, Details>;
  return {
    name: fields?.name ?? '',
    category_ids: fields?.category_ids ?? [],
    selected_details: fields?.selected_details ?? [...LOCATION_LOCALES],
    map_id: fields?.map_id ?? null,
    poi: fields?.poi ?? null,
    image: fields?.image ?? '',
    is_active: fields?.is_active ?? true,
    aliases: fields?.aliases ?? [],
    details,
  };
}

/** The body of the save: trimmed texts, blank locales left out. */
export function locationRequest(form: LocationForm): Omit<LocationFields, 'device_id'> {
  const details: Partial<Record<LocationLocale, Details>> = {};
  for (const l of LOCATION_LOCALES) {
    const d = form.details[l];
    if (isBlank(d)) continue;
    details[l] = {
      ...d,
      name: d.name.trim(),
      address: d.address.trim(),
      phone_number: d.phone_number.trim(),
    };
  }
  return { ...form, name: form.name.trim(), details };
}

/** The problems of a form, by field, in the interface language. */
export function useLocationFormErrors(form: LocationForm) {
  const { t } = useTranslation();
  const name = ZLocationName.safeParse(form.name);
  return {
    name: name.success ? null : translateIssue(t, name.error.issues[0]!),
    point: form.map_id !== null && !form.poi ? t('locations.form.point_required') : null,
    hours: LOCATION_LOCALES.filter((l) => !hoursValid(form.details[l].opening_hours)),
  };
}

/** A picture of the location (its own, or one language's): uploaded, previewed, replaced, removed. */
function LocationImageField({
  value,
  onChange,
  upload,
  label,
  alt,
  testId,
}: {
  value: string;
  onChange: (url: string) => void;
  upload: ImageUpload;
  label: string;
  alt: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const maxMb = IMAGE_UPLOAD_MAX_BYTES / (1024 * 1024);
  return (
    <ImageUploadField
      value={value}
      onChange={onChange}
      upload={upload}
      texts={{
        label,
        alt,
        upload: t('locations.form.image_upload'),
        replace: t('locations.form.image_replace'),
        uploading: t('locations.form.image_uploading'),
        uploaded: t('locations.form.image_uploaded'),
        remove: t('locations.form.image_remove'),
        hint: t('locations.form.image_hint', { max: maxMb }),
        tooLarge: t('locations.form.image_too_large', { max: maxMb }),
      }}
      errorText={(e) => errorMessage(e, t('errors.unknown'))}
      accept={IMAGE_TYPES.join(',')}
      preview={{ width: 120, height: 90 }}
      testIds={{ input: `${testId}-input`, preview: `${testId}-preview`, remove: `${testId}-remove` }}
      removable
    />
  );
}

/**
 * Add or edit a location: its name, other names, categories, active state and picture; per locale
 * (Cantonese, English, Mandarin) its name, address, phone, image and opening hours; its map and the
 * point on it, placed by a click. Mount with a fresh key per opening.
 */
export function LocationDialog({
  open,
  location,
  onClose,
}: {
  open: boolean;
  /** null: add a new one. */
  location: Location | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const deviceId = useSelectedDeviceId();
  const maps = useMaps();
  const tree = useLocationCategoryTree();
  const save = useSaveLocation();
  const upload = useResumableImageUpload(deviceId ?? 0);
  const [form, setForm] = useState<LocationForm>(() => initialLocationForm(location));
  const [locale, setLocale] = useState<LocationLocale>('english');
  const [tried, setTried] = useState(false);
  const [aliasDraft, setAliasDraft] = useState('');
  const dirty = useChanged({ form, aliasDraft });
  const errors = useLocationFormErrors(form);
  const shown = tried ? errors : { name: null, point: null, hours: [] as LocationLocale[] };

  const options = flattenCategoryTree(tree.data ?? []);
  const chosen = options.filter((c) => form.category_ids.includes(c.category_id));
  const map = maps.data?.find((m) => m.id === form.map_id) ?? null;
  const detail = form.details[locale];
  const setDetail = (patch: Partial<Details>) =>
    setForm((f) => ({ ...f, details: { ...f.details, [locale]: { ...f.details[locale], ...patch } } }));
  const aliasCheck = aliasDraft.trim() ? ZLocationAlias.safeParse(aliasDraft) : null;
  const aliasError =
    aliasCheck && !aliasCheck.success ? translateIssue(t, aliasCheck.error.issues[0]!) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setTried(true);
    if (errors.name || errors.point || errors.hours.length) {
      if (errors.hours.length && !errors.hours.includes(locale)) setLocale(errors.hours[0]!);
      return;
    }
    const fields = locationRequest(form);
    const result = await notify.run(
      () => save.mutateAsync(location ? { id: location.id, fields } : { fields }),
      {
        loading: location ? t('common.updating') : t('common.adding'),
        success: location
          ? t('locations.saved', { name: fields.name })
          : t('locations.added', { name: fields.name }),
      },
    );
    if (result.ok) onClose();
  };

  const localeName = t(`languages.${locale}`);
  const addAlias = () => {
    const alias = aliasDraft.trim();
    if (!alias || aliasError || form.aliases.length >= LOCATION_MAX_ALIASES) return;
    if (!form.aliases.includes(alias)) setForm((f) => ({ ...f, aliases: [...f.aliases, alias] }));
    setAliasDraft('');
  };

  return (
    <PickersProvider>
      <FormDialog
        open={open}
        dirty={dirty}
        onClose={onClose}
        onSubmit={(event) => void submit(event)}
        submitting={save.isPending}
        title={location ? t('locations.form.edit_title') : t('locations.form.add_title')}
        testId="location-dialog"
        width={820}
        submitLabel={location ? t('common.save') : t('common.add')}
        submitTestId="location-save"
      >
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) auto' } }}>
          <TextField
            label={t('locations.form.name')}
            value={form.name}
            onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))}
            required
            autoFocus
            error={Boolean(shown.name)}
            helperText={shown.name ?? t('locations.form.name_hint')}
            slotProps={{ htmlInput: { maxLength: LOCATION_NAME_MAX, 'data-testid': 'location-name-input' } }}
          />
          <FormControlLabel
            control={
              <Switch
                checked={form.is_active}
                onChange={(e) => setForm((f) => ({ ...f, is_active: e.target.checked }))}
                slotProps={{ input: { 'data-testid': 'location-active-input' } as object }}
              />
            }
            label={t('locations.columns.active')}
            sx={{ alignSelf: 'start', mt: 1 }}
          />
        </Box>
        <Autocomplete
          multiple
          options={options}
          value={chosen}
          getOptionLabel={(c) => c.path}
          isOptionEqualToValue={(a, b) => a.category_id === b.category_id}
          onChange={(_e, value) => setForm((f) => ({ ...f, category_ids: value.map((c) => c.category_id) }))}
          noOptionsText={t('locations.form.no_categories')}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('locations.form.categories')}
              helperText={t('locations.form.categories_hint')}
              slotProps={{
                ...params.slotProps,
                htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'location-categories-input' },
              }}
            />
          )}
        />
        <Box>
          <TextField
            label={t('locations.form.alias')}
            value={aliasDraft}
            onChange={(e) => setAliasDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                addAlias();
              }
            }}
            error={Boolean(aliasError)}
            helperText={aliasError ?? t('locations.form.alias_hint')}
            fullWidth
            slotProps={{ htmlInput: { 'data-testid': 'location-alias-input' } }}
          />
          {form.aliases.length > 0 && (
            <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 1 }} data-testid="location-aliases">
              {form.aliases.map((alias) => (
                <Chip
                  key={alias}
                  label={alias}
                  size="small"
                  onDelete={() => setForm((f) => ({ ...f, aliases: f.aliases.filter((a) => a !== alias) }))}
                />
              ))}
            </Box>
          )}
        </Box>
        <LocationImageField
          value={form.image}
          onChange={(image) => setForm((f) => ({ ...f, image }))}
          upload={upload}
          label={t('locations.form.image')}
          alt={t('locations.form.image_alt_main')}
          testId="location-image"
        />

        <Box>
          <LanguageTabs
            value={locale}
            onChange={(l) => setLocale(l as LocationLocale)}
            languages={LOCATION_LOCALES}
            filled={LOCATION_LOCALES.filter((l) => !isBlank(form.details[l]))}
            marked={shown.hours}
            testIdPrefix="location-locale"
            ariaLabel={t('locations.form.locales')}
          />
          <Box sx={{ display: 'grid', gap: 2, pt: 2 }} data-testid={`location-details-${locale}`}>
            <FormControlLabel
              control={
                <Checkbox
                  checked={form.selected_details.includes(locale)}
                  onChange={(e) =>
                    setForm((f) => ({
                      ...f,
                      selected_details: e.target.checked
                        ? LOCATION_LOCALES.filter((l) => l === locale || f.selected_details.includes(l))
                        : f.selected_details.filter((l) => l !== locale),
                    }))
                  }
                  slotProps={{ input: { 'data-testid': 'location-detail-selected' } as object }}
                />
              }
              label={t('locations.form.answer_in', { language: localeName })}
            />
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <TextField
                label={t('locations.form.local_name', { language: localeName })}
                value={detail.name}
                onChange={(e) => setDetail({ name: e.target.value })}
                slotProps={{
                  htmlInput: { maxLength: LOCATION_NAME_MAX, 'data-testid': 'location-detail-name' },
                }}
              />
              <TextField
                label={t('locations.form.phone')}
                value={detail.phone_number}
                onChange={(e) => setDetail({ phone_number: e.target.value })}
                slotProps={{
                  htmlInput: {
                    maxLength: LOCATION_PHONE_MAX,
                    inputMode: 'tel',
                    'data-testid': 'location-detail-phone',
                  },
                }}
              />
            </Box>
            <TextField
              label={t('locations.form.address')}
              value={detail.address}
              onChange={(e) => setDetail({ address: e.target.value })}
              multiline
              minRows={2}
              slotProps={{
                htmlInput: { maxLength: LOCATION_ADDRESS_MAX, 'data-testid': 'location-detail-address' },
              }}
            />
            <LocationImageField
              key={locale}
              value={detail.image}
              onChange={(image) => setDetail({ image })}
              upload={upload}
              label={t('locations.form.local_image', { language: localeName })}
              alt={t('locations.form.image_alt', { language: localeName })}
              testId="location-detail-image"
            />
            <OpeningHoursEditor
              key={`hours-${locale}`}
              value={detail.opening_hours}
              onChange={(opening_hours) => setDetail({ opening_hours })}
              showErrors={tried}
              testId="location-hours"
            />
          </Box>
        </Box>

        <Box sx={{ display: 'grid', gap: 1.5 }}>
          <Typography variant="subtitle2">{t('locations.form.map_section')}</Typography>
          <TextField
            select
            label={t('locations.form.map')}
            value={form.map_id ?? ''}
            onChange={(e) => {
              const id = e.target.value === '' ? null : Number(e.target.value);
              // Another map: the old point means nothing there.
              setForm((f) => ({ ...f, map_id: id, poi: id === f.map_id ? f.poi : null }));
            }}
            helperText={maps.data?.length === 0 ? t('locations.form.no_maps') : t('locations.form.map_hint')}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'location-map-select' } as object } }}
            sx={{ maxWidth: 360 }}
          >
            <MenuItem value="">{t('locations.form.no_map')}</MenuItem>
            {(maps.data ?? []).map((m) => (
              <MenuItem key={m.id} value={m.id} data-testid={`location-map-option-${m.id}`}>
                {m.name}
              </MenuItem>
            ))}
          </TextField>
          {map && (
            <MapPointPicker
              imageUrl={mapImage(map)}
              mapName={map.name}
              point={form.poi}
              onChange={(poi) => setForm((f) => ({ ...f, poi }))}
              testId="location-point"
            />
          )}
          {shown.point && (
            <Typography color="error" variant="body2" data-testid="location-point-error">
              {shown.point}
            </Typography>
          )}
        </Box>
      </FormDialog>
    </PickersProvider>
  );
}
