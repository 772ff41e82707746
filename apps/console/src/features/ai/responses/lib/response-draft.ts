import type { RESPONSE_AIMS, CONTENT_KINDS } from '@ambassador/contracts';
import {
  BUTTON_COLUMNS,
  IMAGE_SIZE,
  ZCreateResponseRequest,
  makeRule,
  ruleOf,
  type AiResponse,
  type CreateResponseRequest,
  type DeviceKind,
  type Language,
  type ResponseButton,
  type ResponseContent,
  type Rule,
} from '@ambassador/contracts';

export type ContentKind = (typeof CONTENT_KINDS)[number];
export type ResponseAim = (typeof RESPONSE_AIMS)[number];
export type ButtonsContent = Extract<ResponseContent, { type: 'buttons' }>;
export type CardsContent = Extract<ResponseContent, { type: 'cards' }>;
export type Card = CardsContent['cards'][number];
export type ListContent = Extract<ResponseContent, { type: 'list' }>;
export type ListElement = ListContent['elements'][number];

/** One content of the composer; `key` keeps React's list identity while contents move. */
export type DraftItem = { key: number; content: ResponseContent };

export type ResponseDraft = {
  response_aim: ResponseAim;
  speech: string;
  contents: DraftItem[];
};

let nextKey = 1;
export const draftKey = () => nextKey++;

export const emptyButton = (): ResponseButton => ({ text: '', payload: '' });

export function newCard(): Card {
  return {
    id: `card-${Date.now().toString(36)}-${draftKey()}`,
    image_url: '',
    title: '',
    description: '',
    buttons: [],
  };
}

export function newListElement(): ListElement {
  return { title: '', subtitle: '', image_url: '', payload: '' };
}

/** A new, empty content of a kind, with the contracts' defaults (image size 3, 1 column). */
export function newContent(kind: ContentKind): ResponseContent {
  switch (kind) {
    case 'text':
      return { type: 'text', placement: 'general', values: [''] };
    case 'buttons':
      return {
        type: 'buttons',
        num_of_column: BUTTON_COLUMNS.default,
        button_type: 'postback',
        values: [emptyButton()],
      };
    case 'image':
      return { type: 'image', url: '', size: IMAGE_SIZE.default };
    case 'cards':
      return { type: 'cards', cards: [newCard()] };
    case 'list':
      return { type: 'list', elements: [newListElement()] };
    case 'dropdown':
      return { type: 'dropdown', title: '', values: [emptyButton()] };
  }
}

export function draftFromResponse(response: AiResponse | undefined, aim: ResponseAim): ResponseDraft {
  return {
    response_aim: response?.response_aim ?? aim,
    speech: response?.speech ?? '',
    contents: (response?.contents ?? []).map((content) => ({ key: draftKey(), content })),
  };
}

export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

export type RequestContext = {
  device_id: number;
  intent_id: number;
  language: Language;
  device_type: DeviceKind;
  custom_content?: string;
};

export function requestFromDraft(draft: ResponseDraft, context: RequestContext): CreateResponseRequest {
  return {
    ...context,
    response_aim: draft.response_aim,
    response_type: 'multimedia',
    speech: draft.speech,
    custom_content: context.custom_content ?? '',
    contents: draft.contents.map((item) => item.content),
  };
}

/** Field errors by path ("speech", "contents.0.values.1", "contents.2.cards.0.title", …): the rule failed. */
export type DraftErrors = Record<string, Rule>;

/** Checks with the contract (ZCreateResponseRequest) and the rules the contract leaves to the form. */
export function validateDraft(draft: ResponseDraft, context: RequestContext): DraftErrors {
  const errors: DraftErrors = {};
  const result = ZCreateResponseRequest.safeParse(requestFromDraft(draft, context));
  if (!result.success) {
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      if (!(path in errors)) errors[path] = ruleOf(issue);
    }
  }
  draft.contents.forEach(({ content }, index) => {
    // A button needs its text; empty entries are only the padding of the last row.
    const buttons = (list: readonly ResponseButton[], prefix: string) => {
      list.forEach((button, b) => {
        if (button.payload.trim() && !button.text.trim())
          errors[`${prefix}.${b}.text`] ??= makeRule('field_required');
      });
    };
    if (content.type === 'buttons') {
      buttons(content.values, `contents.${index}.values`);
      if (content.values.every((b) => !b.text.trim() && !b.payload.trim())) {
        errors[`contents.${index}.values.0.text`] ??= makeRule('field_required');
      }
    }
    if (content.type === 'dropdown') {
      content.values.forEach((value, v) => {
        if (!value.text.trim()) errors[`contents.${index}.values.${v}.text`] ??= makeRule('field_required');
      });
    }
    if (content.type === 'cards') {
      content.cards.forEach((card, c) => buttons(card.buttons, `contents.${index}.cards.${c}.buttons`));
    }
  });
  return errors;
}
