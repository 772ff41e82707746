import {
  DEFAULT_DEVICE_LANGUAGES,
  ZCreateDeviceRequest,
  ruleOf,
  type CreateDeviceRequest,
  type DeviceKind,
  type Language,
  type ManagedDevice,
  type Rule,
  type UpdateDeviceRequest,
} from '@ambassador/contracts';

export type DeviceDialogMode = 'create' | 'edit';

export type DeviceForm = {
  description: string;
  kind: DeviceKind;
  /** In the order chosen: the first is the device's default language. */
  languages: Language[];
};

export type DeviceFormField = 'description' | 'languages';
/** The contracts' rules that failed, translated when shown. */
export type DeviceFormErrors = Partial<Record<DeviceFormField, Rule>>;

export const DEVICE_NAME_MAX = 80;

export function initialDeviceForm(
  device?: Pick<ManagedDevice, 'description' | 'kind' | 'languages'>,
): DeviceForm {
  return device
    ? { description: device.description, kind: device.kind, languages: [...device.languages] }
    : { description: '', kind: 'ambassador', languages: [...DEFAULT_DEVICE_LANGUAGES] };
}

/** The contract's own rules (name required, max 80, at least one language), field by field. */
export function validateDeviceForm(form: DeviceForm): DeviceFormErrors {
  const result = ZCreateDeviceRequest.safeParse(form);
  const errors: DeviceFormErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'description' || field === 'languages') && !errors[field]) errors[field] = ruleOf(issue);
  }
  return errors;
}

/** Moves `language` to the front: the first language is the default. */
export function withDefault(languages: readonly Language[], language: Language): Language[] {
  return [language, ...languages.filter((l) => l !== language)];
}

export function createDeviceRequest(form: DeviceForm): CreateDeviceRequest {
  return { description: form.description.trim(), kind: form.kind, languages: form.languages };
}

/** Only what changed; null when nothing did (no call needed). */
export function updateDeviceRequest(
  form: DeviceForm,
  device: Pick<ManagedDevice, 'id' | 'description' | 'languages'>,
): UpdateDeviceRequest | null {
  const description = form.description.trim();
  const renamed = description !== device.description;
  const relanguaged = form.languages.join() !== device.languages.join();
  if (!renamed && !relanguaged) return null;
  return {
    id: device.id,
    ...(renamed && { description }),
    ...(relanguaged && { languages: form.languages }),
  };
}
