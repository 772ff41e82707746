import { z } from 'zod';
import { ZLanguage } from './access-schemas.js';
import { ZId } from './common.js';
import { ZDeviceKind } from './devices.js';
import { rule } from './rules.js';
import { ZDeviceRef } from './ai-common.js';
import { ZAvatarMotion } from './ai-motions.js';

// ---------------------------------------------------------------- responses

export const RESPONSE_AIMS = ['ask_for_selection', 'give_info', 'interactive_builder'] as const;
export const RESPONSE_TYPES = ['text', 'multimedia'] as const;
export const IMAGE_SIZE = { min: 1, max: 10, default: 3 } as const;
export const BUTTON_COLUMNS = { min: 1, max: 4, default: 1 } as const;

/** Media we serve (/media/...) or an absolute http(s) address. */
export const ZMediaUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((u) => /^\/media\/[\w.-]+$/.test(u) || /^https?:\/\/\S+$/i.test(u), rule('invalid_image_address'));

export const ZButton = z.object({
  text: z
    .string()
    .trim()
    .max(80, rule('maximum_characters', { max: 80 })),
  payload: z
    .string()
    .trim()
    .max(200, rule('maximum_characters', { max: 200 })),
});
export type ResponseButton = z.infer<typeof ZButton>;

/** Buttons fill whole rows of the column count: the list is padded with empty entries. */
export function padButtons(values: ResponseButton[], columns: number): ResponseButton[] {
  const cols = Math.max(1, Math.floor(columns));
  // Trailing empty entries are padding from an earlier column count; re-pad from the real ones.
  let end = values.length;
  while (end > 0 && values[end - 1]!.text === '' && values[end - 1]!.payload === '') end--;
  const kept = values.slice(0, end);
  const rows = Math.max(1, Math.ceil(kept.length / cols));
  const padded = [...kept];
  while (padded.length < rows * cols) padded.push({ text: '', payload: '' });
  return padded;
}

const ZTextContent = z.object({
  type: z.literal('text'),
  placement: z.literal('general').default('general'),
  values: z
    .array(z.string().trim().min(1, rule('text_empty')).max(2000))
    .min(1)
    .max(20),
});
const ZButtonsContent = z
  .object({
    type: z.literal('buttons'),
    num_of_column: z
      .number()
      .int()
      .min(BUTTON_COLUMNS.min, rule('minimum', { min: BUTTON_COLUMNS.min }))
      .max(BUTTON_COLUMNS.max)
      .default(1),
    button_type: z.enum(['postback', 'url']).default('postback'),
    values: z.array(ZButton).min(1).max(40),
  })
  .transform((c) => ({ ...c, values: padButtons(c.values, c.num_of_column) }));
const ZImageContent = z.object({
  type: z.literal('image'),
  url: ZMediaUrl,
  size: z
    .number()
    .int()
    .min(IMAGE_SIZE.min, rule('minimum', { min: IMAGE_SIZE.min }))
    .max(IMAGE_SIZE.max)
    .default(IMAGE_SIZE.default),
});
const ZCard = z.object({
  id: z.string().trim().min(1).max(64),
  image_url: ZMediaUrl.or(z.literal('')).default(''),
  title: z.string().trim().min(1, rule('field_required')).max(120),
  description: z.string().trim().max(500).default(''),
  buttons: z.array(ZButton).max(6).default([]),
});
const ZCardsContent = z.object({
  type: z.literal('cards'),
  cards: z.array(ZCard).min(1).max(10),
});
const ZListContent = z.object({
  type: z.literal('list'),
  elements: z
    .array(
      z.object({
        title: z.string().trim().min(1, rule('field_required')).max(120),
        subtitle: z.string().trim().max(300).default(''),
        image_url: ZMediaUrl.or(z.literal('')).default(''),
        payload: z.string().trim().max(200).default(''),
      }),
    )
    .min(1)
    .max(20),
});
const ZDropdownContent = z.object({
  type: z.literal('dropdown'),
  title: z.string().trim().min(1, rule('field_required')).max(120),
  values: z.array(ZButton).min(1).max(50),
});

export const ZResponseContent = z.discriminatedUnion('type', [
  ZTextContent,
  ZButtonsContent,
  ZImageContent,
  ZCardsContent,
  ZListContent,
  ZDropdownContent,
]);
export type ResponseContent = z.output<typeof ZResponseContent>;
export type ResponseContentInput = z.input<typeof ZResponseContent>;
export const CONTENT_KINDS = ['text', 'buttons', 'image', 'cards', 'list', 'dropdown'] as const;

export const ZResponse = z.object({
  id: z.number().int(),
  intent_id: z.number().int(),
  language: ZLanguage,
  device_type: ZDeviceKind,
  response_aim: z.enum(RESPONSE_AIMS),
  response_type: z.enum(RESPONSE_TYPES),
  speech: z.string(),
  custom_content: z.string(),
  contents: z.array(ZResponseContent),
  updated_at: z.string(),
});
export type AiResponse = z.infer<typeof ZResponse>;

export const ZResponsesQuery = ZDeviceRef.extend({
  intent_id: ZId,
  language: ZLanguage.optional(),
  device_type: ZDeviceKind.optional(),
});
export const ZResponsesResponse = z.array(ZResponse);

const responseFields = {
  language: ZLanguage,
  device_type: ZDeviceKind,
  response_aim: z.enum(RESPONSE_AIMS).default('give_info'),
  response_type: z.enum(RESPONSE_TYPES).default('multimedia'),
  speech: z
    .string()
    .trim()
    .max(1000, rule('maximum_characters', { max: 1000 }))
    .default(''),
  custom_content: z.string().max(5000).default(''),
  contents: z.array(ZResponseContent).max(20).default([]),
};
export const ZCreateResponseRequest = ZDeviceRef.extend({ intent_id: ZId, ...responseFields }).refine(
  (r) => r.contents.length > 0 || r.speech.length > 0,
  { message: rule('text_empty'), path: ['contents'] },
);
export type CreateResponseRequest = z.input<typeof ZCreateResponseRequest>;
export const ZUpdateResponseRequest = ZDeviceRef.extend({ id: ZId, ...responseFields }).refine(
  (r) => r.contents.length > 0 || r.speech.length > 0,
  { message: rule('text_empty'), path: ['contents'] },
);
export type UpdateResponseRequest = z.input<typeof ZUpdateResponseRequest>;

export const ZAudioPreviewRequest = ZDeviceRef.extend({
  language: ZLanguage,
  text: z
    .string()
    .trim()
    .min(1, rule('text_empty'))
    .max(1000, rule('maximum_characters', { max: 1000 })),
});
export type AudioPreviewRequest = z.input<typeof ZAudioPreviewRequest>;

export const ZAvatarMotionQuery = ZDeviceRef.extend({ intent_id: ZId });
export const ZAvatarMotionResponse = z.object({
  intent_id: z.number().int(),
  motion: ZAvatarMotion.nullable(),
  gestures: z.array(ZAvatarMotion),
  idle_motions: z.array(ZAvatarMotion),
});
export const ZUpdateAvatarMotionRequest = ZDeviceRef.extend({
  intent_id: ZId,
  motion: ZAvatarMotion.nullable(),
});
