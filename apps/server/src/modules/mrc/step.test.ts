import { describe, expect, it } from 'vitest';
import type { DocumentAnswer } from './answerer.js';
import { documentsStep } from './step.js';

describe("the documents' step of the answering chain", () => {
  const q = {
    device: { id: 1, kind: 'ambassador' as const },
    language: 'english' as const,
    text: 'opening hours',
  };
  const doc = (over: Partial<DocumentAnswer>): DocumentAnswer => ({
    answered: true,
    declined: null,
    asked_for: [],
    text: 'We open at 9.',
    score: 0.8,
    threshold: 0.5,
    source: {
      document_id: 3,
      filename: 'guide.pdf',
      page: 2,
      heading: null,
      passage_id: 11,
      language: 'english',
    },
    ...over,
  });

  it('answers with the sentence and its source, naming file and page', async () => {
    const out = await documentsStep(async () => doc({}))!.run(q);
    expect(out).toMatchObject({
      result: 'answered',
      score: 0.8,
      threshold: 0.5,
      detail: 'guide.pdf p. 2',
      answer: { kind: 'document', text: 'We open at 9.', source: { page: 2 } },
    });
  });

  it('says why documents that scored well enough did not answer', async () => {
    const timeMissing = doc({ answered: false, declined: 'asked_for', asked_for: ['time'], text: null });
    expect(await documentsStep(async () => timeMissing).run(q)).toMatchObject({
      result: 'no_match',
      why: 'missing_time',
    });
    const model = doc({ answered: false, declined: 'model', text: null, source: null });
    expect(await documentsStep(async () => model).run(q)).toMatchObject({
      result: 'no_match',
      why: 'model_declined',
      detail: null,
    });
  });

  it('is off when the device has nothing to read', async () => {
    expect(await documentsStep(async () => null).run(q)).toEqual({ result: 'off' });
  });
});
