import type { AuditEvent } from '@ambassador/contracts';
import type { TFunction } from 'i18next';
import { ROLE_KEYS } from '@/shared/lib/role-keys';

/** The action's name in the interface language; a code the console does not know, as it is. */
export function actionLabel(t: TFunction, action: string): string {
  // Codes are `<group>.<verb>`, the pack's keys the same path under `audit.actions`.
  return t(`audit.actions.${action}` as never, { defaultValue: action });
}

/** The group's name (the action filter's entries). */
export function groupLabel(t: TFunction, group: string): string {
  return t(`audit.groups.${group}` as never, { defaultValue: group });
}

/**
 * A field of a change as the interface names it: the pack's word for the API's field, else the
 * field made readable (`max_attempt` → "Max attempt", `quiz_id` → "Quiz").
 */
export function fieldLabel(t: TFunction, field: string): string {
  const readable = field.replace(/_id$/, '').replace(/_/g, ' ');
  return t(`audit.fields.${field}` as never, {
    defaultValue: readable.charAt(0).toUpperCase() + readable.slice(1),
  });
}

const ROLE_BY_NAME: Record<string, keyof typeof ROLE_KEYS> = { admin: 3, user: 1, service: 2 };

function roleName(t: TFunction, role: unknown): string {
  const id = typeof role === 'string' ? ROLE_BY_NAME[role] : undefined;
  return id ? t(ROLE_KEYS[id]) : String(role);
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A stored value as words: yes/no, lists joined, "(empty)" for nothing. */
function valueText(t: TFunction, value: unknown): string {
  if (value === null || value === undefined || value === '') return t('audit.detail.empty');
  if (typeof value === 'boolean') return value ? t('audit.detail.yes') : t('audit.detail.no');
  if (Array.isArray(value))
    return value.length === 0 ? t('audit.detail.empty') : value.map(String).join(', ');
  if (isRecord(value)) return JSON.stringify(value);
  return String(value);
}

/** What changed, as lines a person reads ("Role: User → Admin", "Active: no"). */
export function detailLines(t: TFunction, event: Pick<AuditEvent, 'action' | 'detail'>): string[] {
  const d = event.detail;
  const lines: string[] = [];
  const role = d.role;
  if (isRecord(role)) {
    lines.push(t('audit.detail.role_change', { from: roleName(t, role.from), to: roleName(t, role.to) }));
  } else if (typeof role === 'string') {
    lines.push(t('audit.detail.role', { role: roleName(t, role) }));
  }
  if (typeof d.username_tried === 'string')
    lines.push(t('audit.detail.username_tried', { name: d.username_tried }));
  if (typeof d.key_prefix === 'string') lines.push(t('audit.detail.key_prefix', { prefix: d.key_prefix }));
  if (event.action === 'user.password_change')
    lines.push(d.own ? t('audit.detail.own_password') : t('audit.detail.password_set'));
  if (isRecord(d.changes)) {
    for (const [field, change] of Object.entries(d.changes)) {
      if (!isRecord(change)) continue;
      lines.push(
        t('audit.detail.change', {
          field: fieldLabel(t, field),
          from: valueText(t, change.from),
          to: valueText(t, change.to),
        }),
      );
    }
  }
  const values = isRecord(d.values) ? d.values : {};
  for (const [field, value] of Object.entries(values)) {
    lines.push(t('audit.detail.value', { field: fieldLabel(t, field), value: valueText(t, value) }));
  }
  const fields = Array.isArray(d.fields) ? d.fields.filter((f): f is string => typeof f === 'string') : [];
  const unshown = fields.filter((f) => !(f in values));
  if (unshown.length > 0)
    lines.push(t('audit.detail.changed', { fields: unshown.map((f) => fieldLabel(t, f)).join(', ') }));
  return lines;
}
