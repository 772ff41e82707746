/**
 * The optional generative path: an OpenAI-compatible chat-completions model writes the answer from
 * the best passages, numbered [1]..[n], and must cite one. Its "no answer" is final (`declined`);
 * an answer that cites no passage it was given, an error, or a timeout leaves the quoted sentences
 * to answer instead.
 */
import type { Language } from '@ambassador/contracts';
import type { IndexedPassage } from './bm25.js';
import { fetchOutbound, readJsonCapped } from '../../../lib/outbound.js';

/** A model's answer read at most this far: an answer is a few sentences. */
const LLM_ANSWER_MAX_BYTES = 1024 * 1024;

export interface LlmConfig {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
}

export interface Generated {
  text: string;
  /** Index into the passages given (0-based) of the first one the answer cites. */
  cited: number;
}

export type Generate = (
  question: string,
  language: Language | undefined,
  passages: IndexedPassage[],
) => Promise<Generated | 'declined' | null>;

const LANGUAGE_NAMES: Partial<Record<Language, string>> = {
  english: 'English',
  chinese: 'Traditional Chinese',
  cantonese: 'Traditional Chinese (Hong Kong written Cantonese is fine)',
  mandarin: 'Simplified Chinese',
};

const INSTRUCTION =
  'You answer visitors at a kiosk using ONLY the numbered passages below, taken from the site’s own documents. ' +
  'Answer in one or two short sentences and cite the passage you used like [1]. ' +
  'If the passages do not answer the question, reply exactly: NO_ANSWER';

/** Strips citations ("[1]", "[1][2]") from what a kiosk shows and says. */
function withoutCitations(text: string) {
  return text
    .replace(/\s*\[\d+\](?:\s*\[\d+\])*/g, '')
    .replace(/\s+([.,!?。，！？])/g, '$1')
    .trim();
}

export function createGenerate(config: LlmConfig, log?: { warn(obj: object, msg: string): void }): Generate {
  const url = `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  return async (question, language, passages) => {
    const numbered = passages
      .map(
        (p, i) =>
          `[${i + 1}] (${p.filename}${p.page ? `, page ${p.page}` : ''}${p.heading ? `, ${p.heading}` : ''})\n${p.text}`,
      )
      .join('\n\n');
    const answerIn = language && LANGUAGE_NAMES[language] ? ` Answer in ${LANGUAGE_NAMES[language]}.` : '';
    const signal = AbortSignal.timeout(config.timeoutMs);
    try {
      const res = await fetchOutbound(url, {
        method: 'POST',
        signal,
        headers: {
          'content-type': 'application/json',
          ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: config.model,
          temperature: 0,
          messages: [
            { role: 'system', content: `${INSTRUCTION}${answerIn}\n\n${numbered}` },
            { role: 'user', content: question },
          ],
        }),
      });
      if (!res.ok) {
        log?.warn({ status: res.status }, 'the language model refused a document answer');
        return null;
      }
      const body = (await readJsonCapped(res, LLM_ANSWER_MAX_BYTES)) as {
        choices?: Array<{ message?: { content?: unknown } }>;
      };
      const content = body.choices?.[0]?.message?.content;
      if (typeof content !== 'string') return null;
      if (content.includes('NO_ANSWER')) return 'declined';
      // Only a citation of a passage it was given counts: anything else may not come from them.
      const cited = [...content.matchAll(/\[(\d+)\]/g)]
        .map((m) => Number(m[1]) - 1)
        .find((i) => i >= 0 && i < passages.length);
      if (cited === undefined) return null;
      const text = withoutCitations(content);
      return text ? { text, cited } : null;
    } catch (err) {
      log?.warn({ err }, 'the language model did not answer in time; quoting the documents instead');
      return null;
    }
  };
}
