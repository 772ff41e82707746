import type { TFunction } from 'i18next';

/** Types whose title names the item ("Delete faq.pdf"); the rest read "Delete {kind} record?". */
const NAMED = [
  'mrc',
  'avatar',
  'event',
  'quiz_question',
  'idle_video',
  'location',
  'category_layer',
] as const;
const GENERIC = ['keyword', 'unit', 'category', 'question', 'response', 'user', 'quiz'] as const;

/** Every kind of record the delete confirm dialog knows. */
export const DELETE_TYPES = [...NAMED, ...GENERIC] as const;
export type DeleteType = (typeof DELETE_TYPES)[number];

export const NAMED_DELETE_TYPES: ReadonlySet<DeleteType> = new Set(NAMED);

/** Types deleted for good with no way back, said explicitly in the body. */
const CANNOT_UNDO_TYPES: ReadonlySet<DeleteType> = new Set(['quiz', 'question', 'quiz_question']);

export function deleteDialogText(
  t: TFunction,
  type: DeleteType,
  item?: string | null,
): { title: string; body: string } {
  const kind = t(`delete.kinds.${type}`);
  const name = item?.trim();
  let title: string;
  if (NAMED_DELETE_TYPES.has(type)) {
    title = name ? t('delete.title_named', { name }) : t('delete.title_kind', { kind });
  } else {
    title = t('delete.title_generic', { kind });
  }
  let body: string;
  if (type === 'avatar') body = t('delete.body_avatar');
  else if (CANNOT_UNDO_TYPES.has(type)) body = t('delete.body_cannot_undo', { kind });
  else body = t('delete.body_default');
  return { title, body };
}
