import type { AiResponse, Language, TopicRef } from '@ambassador/contracts';
import { toSimplified } from '../../../matcher/text.js';
import { fold } from '../fold.js';

/** A keyword of a related topic, as the topics repo lists it. */
export interface RelatedKeyword {
  topicId: number;
  language: string;
  kind: string;
  text: string;
}

/**
 * Where a related topic's chip text comes from, in order, for an answer in each language. A topic
 * has one name (in whatever language its author wrote it) but keywords per language, so the chip
 * shows a keyword of the answer's language (and asks it, so the tap matches that topic). Traditional
 * Chinese and Cantonese share their script and stand in for each other; Mandarin takes them in
 * Simplified characters. Nothing else stands in: an English keyword never shows beside a Chinese
 * answer, nor a Chinese one beside an English answer.
 */
const LABEL_SOURCES: Record<Language, Language[]> = {
  cantonese: ['cantonese', 'chinese'],
  chinese: ['chinese', 'cantonese'],
  mandarin: ['mandarin', 'chinese', 'cantonese'],
  english: ['english'],
  japanese: ['japanese'],
  korean: ['korean'],
  portuguese: ['portuguese'],
  german: ['german'],
};

const inScript = (text: string, language: Language) => (language === 'mandarin' ? toSimplified(text) : text);

/**
 * The chip text of one related topic in the answer's language, or null when the topic has no
 * keyword there (the chip is then left out: a chip the matcher cannot answer would lead to the
 * fallback). Its name is shown when it is one of those keywords (it keeps the author's capitals:
 * "EV charging" rather than "ev charging").
 */
export function relatedLabel(
  topic: TopicRef,
  keywords: readonly RelatedKeyword[],
  language: Language,
): string | null {
  for (const source of LABEL_SOURCES[language]) {
    const own = keywords.filter((k) => k.topicId === topic.id && k.language === source);
    const words = [...own.filter((k) => k.kind === 'keyword'), ...own.filter((k) => k.kind !== 'keyword')]
      .map((k) => k.text.trim())
      .filter(Boolean);
    if (words.length === 0) continue;
    const name = fold(topic.name);
    const label = words.find((w) => fold(w) === name) ? topic.name.trim() : words[0]!;
    return inScript(label, language);
  }
  return null;
}

/** Every question the answer's own buttons, menus, cards and list already offer, folded. */
export function offeredQuestions(responses: readonly AiResponse[]): Set<string> {
  const out = new Set<string>();
  const add = (...texts: Array<string | undefined>) => {
    for (const t of texts) if (t?.trim()) out.add(fold(t));
  };
  for (const r of responses) {
    for (const c of r.contents) {
      if (c.type === 'buttons' || c.type === 'dropdown') for (const b of c.values) add(b.text, b.payload);
      else if (c.type === 'cards')
        for (const card of c.cards) for (const b of card.buttons) add(b.text, b.payload);
      else if (c.type === 'list') for (const e of c.elements) if (e.payload) add(e.title, e.payload);
    }
  }
  return out;
}

/**
 * The related topics of an answer in its language: each topic once, each text once, none that
 * the answer's own buttons already offer, none without a text in that language.
 */
export function relatedTopics(
  children: readonly TopicRef[],
  keywords: readonly RelatedKeyword[],
  language: Language,
  responses: readonly AiResponse[],
): TopicRef[] {
  const seen = offeredQuestions(responses);
  const ids = new Set<number>();
  const out: TopicRef[] = [];
  for (const child of children) {
    if (ids.has(child.id)) continue;
    ids.add(child.id);
    const label = relatedLabel(child, keywords, language);
    if (label === null || seen.has(fold(label))) continue;
    seen.add(fold(label));
    out.push({ id: child.id, name: label });
  }
  return out;
}
