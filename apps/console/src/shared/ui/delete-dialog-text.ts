import { UNDO_HOURS } from '@ambassador/contracts';
import type { TFunction } from 'i18next';

/** Types whose title names the item ("Delete faq.pdf"); the rest read "Delete {kind} record?". */
const NAMED = [
  'mrc',
  'avatar',
  'event',
  'quiz_question',
  'idle_video',
  'idle_image',
  'location',
  'category_layer',
  'banner',
  'map',
] as const;
const GENERIC = ['keyword', 'alias', 'unit', 'category', 'question', 'response', 'user', 'quiz'] as const;

/** Every kind of record the delete confirm dialog knows. */
export const DELETE_TYPES = [...NAMED, ...GENERIC] as const;
export type DeleteType = (typeof DELETE_TYPES)[number];

export const NAMED_DELETE_TYPES: ReadonlySet<DeleteType> = new Set(NAMED);

/** Types deleted for good with no way back, said explicitly in the body. */
const CANNOT_UNDO_TYPES: ReadonlySet<DeleteType> = new Set(['quiz_question']);

/** Types whose delete the snackbar can undo (for UNDO_HOURS): the body says so instead of "permanently". */
export const UNDOABLE_DELETE_TYPES: ReadonlySet<DeleteType> = new Set([
  'question',
  'location',
  'unit',
  'keyword',
  'alias',
  'event',
  'quiz',
]);

/**
 * Types that take more with them (or leave something behind) than the record itself: the dialog
 * says so in a second sentence, `delete.also.<type>`.
 */
export const DELETE_ALSO_TYPES = ['question', 'category', 'user', 'alias'] as const;
type AlsoType = (typeof DELETE_ALSO_TYPES)[number];
const ALSO: ReadonlySet<DeleteType> = new Set(DELETE_ALSO_TYPES);

/** The longest item name the body quotes; longer ones (a response's speech) end in "…". */
export const DELETE_ITEM_MAX = 80;

function shorten(name: string): string {
  const chars = Array.from(name);
  return chars.length > DELETE_ITEM_MAX ? `${chars.slice(0, DELETE_ITEM_MAX - 1).join('')}…` : name;
}

export type DeleteDialogText = {
  title: string;
  /** What is deleted, naming the item when there is one. */
  body: string;
  /** What else goes with it (or stays), when the type has anything to say. */
  also: string | null;
};

export function deleteDialogText(
  t: TFunction,
  type: DeleteType,
  item?: string | null,
  count?: number | null,
  /** Overrides the type's: a delete that Undo can (or cannot) take back unlike others of its type. */
  undoableOverride?: boolean | null,
): DeleteDialogText {
  const kind = t(`delete.kinds.${type}`);
  const also = ALSO.has(type) ? t(`delete.also.${type as AlsoType}`) : null;
  const undoable = undoableOverride ?? UNDOABLE_DELETE_TYPES.has(type);
  if (count != null) {
    return {
      title: t('delete.title_count', { count, kind }),
      body: undoable
        ? t('delete.body_count_undoable', { count, hours: UNDO_HOURS })
        : t('delete.body_count', { count }),
      also,
    };
  }
  const name = item?.trim().replace(/\s+/g, ' ');
  let title: string;
  if (NAMED_DELETE_TYPES.has(type)) {
    title = name ? t('delete.title_named', { name }) : t('delete.title_kind', { kind });
  } else {
    title = t('delete.title_generic', { kind });
  }
  let body: string;
  if (type === 'avatar') body = t('delete.body_avatar');
  else if (type === 'alias' && name)
    body = t('delete.body_alias', { name: shorten(name), hours: UNDO_HOURS });
  else if (name && !NAMED_DELETE_TYPES.has(type)) {
    // The title does not name the item: the body does, so the operator sees what goes.
    const quoted = shorten(name);
    body = CANNOT_UNDO_TYPES.has(type)
      ? t('delete.body_named_cannot_undo', { kind, name: quoted })
      : undoable
        ? t('delete.body_named_undoable', { kind, name: quoted, hours: UNDO_HOURS })
        : t('delete.body_named', { kind, name: quoted });
  } else if (CANNOT_UNDO_TYPES.has(type)) body = t('delete.body_cannot_undo', { kind });
  else if (undoable) body = t('delete.body_undoable', { kind, hours: UNDO_HOURS });
  else body = t('delete.body_default');
  return { title, body, also };
}
