import { z } from 'zod';
import { ZLanguage } from './access-schemas.js';
import { ZId, ZPaging, ZSortOrder } from './common.js';
import { ZBulkSelection } from './undo.js';
import { rule } from './rules.js';
import { ZDeviceRef } from './ai-common.js';
import { ZAvatarMotion } from './ai-motions.js';

// A device's question topics (intents), their categories, and the finders that browse them.

const name = (required: string, max = 120) =>
  z.string({ error: required }).trim().min(1, required).max(max, rule('maximum_characters', { max }));
const remarks = z
  .string()
  .trim()
  .max(500, rule('maximum_characters', { max: 500 }));

// ---------------------------------------------------------------- categories

export const ZCategory = z.object({
  category_id: z.number().int(),
  category_name: z.string(),
  parent_id: z.number().int().nullable(),
  has_child: z.boolean(),
  /** Topics filed directly under this category. */
  topic_count: z.number().int(),
});
export type Category = z.infer<typeof ZCategory>;

export const ZCategoriesQuery = ZDeviceRef.extend({ parent_id: ZId.optional() });
export const ZCategoriesResponse = z.array(ZCategory);
export const ZCategoryName = name(rule('category_name_required'), 80);
export const ZCreateCategoryRequest = ZDeviceRef.extend({
  name: ZCategoryName,
  parent_id: ZId.nullable().optional(),
});
export type CreateCategoryRequest = z.input<typeof ZCreateCategoryRequest>;
export const ZUpdateCategoryRequest = ZDeviceRef.extend({ id: ZId, name: ZCategoryName });
export type UpdateCategoryRequest = z.input<typeof ZUpdateCategoryRequest>;
export const ZDeleteByIdRequest = ZDeviceRef.extend({ id: ZId });
export type DeleteByIdRequest = z.input<typeof ZDeleteByIdRequest>;

// ---------------------------------------------------------------- topics

export const TOPIC_SORTS = ['name', 'category', 'remarks', 'is_activated', 'created_at'] as const;

export const ZTopic = z.object({
  id: z.number().int(),
  intent_id: z.number().int(),
  intent_name: z.string(),
  category_id: z.number().int(),
  category_name: z.string(),
  parent_id: z.number().int().nullable(),
  parent_name: z.string().nullable(),
  remarks: z.string(),
  is_activated: z.boolean(),
  is_enabled_related_intents: z.boolean(),
  avatar_motion: ZAvatarMotion.nullable(),
  keyword_count: z.number().int(),
  response_count: z.number().int(),
  sub_topic_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Topic = z.infer<typeof ZTopic>;

export const ZTopicRef = z.object({ id: z.number().int(), name: z.string() });
export type TopicRef = z.infer<typeof ZTopicRef>;

/** GET with intent_id returns one topic; otherwise a page of topics. */
export const ZTopicsQuery = ZDeviceRef.extend({
  intent_id: ZId.optional(),
  category_id: ZId.optional(),
  parent_id: ZId.optional(),
  search: z.string().trim().max(120).optional(),
  sort_by: z.enum(TOPIC_SORTS).default('created_at'),
  order: ZSortOrder.default('desc'),
}).extend(ZPaging.shape);
export const ZTopicsResponse = z.array(ZTopic);

export const ZTopicName = name(rule('topic_name_required'));
export const ZCreateTopicRequest = ZDeviceRef.extend({
  name: ZTopicName,
  /** A sub-topic names its parent and takes the parent's category. */
  parent_id: ZId.nullable().optional(),
  category_id: ZId.nullable().optional(),
  remarks: remarks.default(''),
}).refine((v) => v.parent_id != null || v.category_id != null, {
  message: rule('select_category'),
  path: ['category_id'],
});
export type CreateTopicRequest = z.input<typeof ZCreateTopicRequest>;

export const ZUpdateTopicRequest = ZDeviceRef.extend({
  id: ZId,
  name: ZTopicName.optional(),
  category_id: ZId.optional(),
  is_activated: z.boolean().optional(),
  is_enabled_related_intents: z.boolean().optional(),
  remarks: remarks.optional(),
});
export type UpdateTopicRequest = z.input<typeof ZUpdateTopicRequest>;
export const ZUpdateTopicTitleRequest = ZDeviceRef.extend({ id: ZId, name: ZTopicName });

/** Breadcrumb of a topic: its category path, its topic path (parents, then itself), its sub-topics. */
export const ZTopicNav = z.object({
  categories: z.array(z.object({ category_id: z.number().int(), category_name: z.string() })),
  topics: z.array(ZTopicRef),
  children: z.array(ZTopicRef),
});
export type TopicNav = z.infer<typeof ZTopicNav>;
export const ZTopicNavQuery = ZDeviceRef.extend({ id: ZId });

export const ZAutoCompleteQuery = ZDeviceRef.extend({ text: z.string().trim().min(1).max(120) });
export const ZAutoCompleteResponse = z.array(
  ZTopicRef.extend({ category_name: z.string(), parent_id: z.number().int().nullable() }),
);

// ---------------------------------------------------------------- finders

export const ZColumnFinderQuery = ZDeviceRef.extend({ category_id: ZId.optional() });
/** One column of the column browser: the sub-categories and the top-level topics of a category. */
export const ZColumnFinderResponse = z.object({
  categories: z.array(ZCategory),
  intents: z.array(ZTopicRef.extend({ is_activated: z.boolean(), sub_topic_count: z.number().int() })),
});
export type ColumnFinder = z.infer<typeof ZColumnFinderResponse>;

export interface FinderNode {
  type: 'category' | 'topic';
  id: number;
  name: string;
  is_activated?: boolean;
  children: FinderNode[];
}
/** Named (`FinderNode`): the API reference can only show a schema that contains itself by reference. */
export const ZFinderNode: z.ZodType<FinderNode> = z
  .lazy(() =>
    z.object({
      type: z.enum(['category', 'topic']),
      id: z.number().int(),
      name: z.string(),
      is_activated: z.boolean().optional(),
      children: z.array(ZFinderNode),
    }),
  )
  .meta({ id: 'FinderNode' });
/** The whole tree for the diagram view: categories hold sub-categories and topics, topics hold sub-topics. */
export const ZFinderResponse = z.object({ intents: z.array(ZFinderNode) });

export const ZButtonPayloadsQuery = ZDeviceRef.extend({ language: ZLanguage });
/** A button's payload is what the device asks when pressed: a keyword of the chosen topic. */
export const ZButtonPayloadsResponse = z.array(
  z.object({ intent_id: z.number().int(), intent_name: z.string(), payload: z.string() }),
);
export type ButtonPayload = z.infer<typeof ZButtonPayloadsResponse>[number];

// ---------------------------------------------------------------- bulk actions

/** The list's filter, for a bulk action on every topic it matches. */
export const ZTopicsFilter = z.object({
  category_id: ZId.optional(),
  parent_id: ZId.optional(),
  search: z.string().trim().max(120).optional(),
});
export const TOPIC_BULK_ACTIONS = ['activate', 'deactivate', 'move', 'delete'] as const;
export type TopicBulkAction = (typeof TOPIC_BULK_ACTIONS)[number];
export const ZTopicsBulkRequest = ZDeviceRef.extend({
  action: z.enum(TOPIC_BULK_ACTIONS),
  /** With `move`: the category they go to. */
  category_id: ZId.optional(),
  selection: ZBulkSelection(ZTopicsFilter),
}).refine((v) => v.action !== 'move' || v.category_id !== undefined, {
  message: rule('select_category'),
  path: ['category_id'],
});
export type TopicsBulkRequest = z.input<typeof ZTopicsBulkRequest>;
