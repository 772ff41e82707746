import type { AnswerStepWhy } from '@ambassador/contracts';
import type { ChainStep } from '../assistant/index.js';
import type { DocumentAnswer, DocumentAnswerer } from './answerer.js';

/** Why documents good enough by their score did not answer, for the test console. */
function whyNot(doc: DocumentAnswer): AnswerStepWhy | null {
  if (doc.declined === 'model') return 'model_declined';
  const missing = doc.asked_for[0];
  return doc.declined === 'asked_for' && missing ? `missing_${missing}` : null;
}

/** The documents' step of the answering chain: a sentence of a Ready document, with its source. */
export function documentsStep(answerer: DocumentAnswerer): ChainStep {
  return {
    name: 'documents',
    async run({ device, language, text }) {
      const doc = await answerer(device.id, language, text);
      if (!doc) return { result: 'off' };
      const detail = doc.source
        ? `${doc.source.filename}${doc.source.page === null ? '' : ` p. ${doc.source.page}`}`
        : null;
      const found = { score: doc.score, threshold: doc.threshold, detail };
      if (doc.answered && doc.text) {
        return {
          result: 'answered',
          ...found,
          answer: { kind: 'document', text: doc.text, source: doc.source },
        };
      }
      return { result: 'no_match', ...found, why: whyNot(doc) };
    },
  };
}
