import { describe, expect, it } from 'vitest';
import type { QuestionContent, QuizButton } from '@ambassador/contracts';
import {
  EMPTY_CONTENT,
  contentOf,
  strayAnswers,
  withButton,
  withColumns,
  withCorrect,
  withImage,
  withoutButton,
  withRowAdded,
} from './question-draft';

const b = (text: string, payload = ''): QuizButton => ({ text, payload });
const blank = b('');
const texts = (c: QuestionContent) => c.buttons.values.map((v) => v.text);

const content = (values: QuizButton[], columns = 1, correct: string[] = []): QuestionContent =>
  contentOf({
    ...EMPTY_CONTENT,
    text: 'Q',
    buttons: { num_of_column: columns, values },
    correct_answers: correct,
  });

describe('question draft', () => {
  it('shows a question without buttons as one empty row, and pads to whole rows of the column count', () => {
    expect(contentOf(undefined).buttons.values).toEqual([blank]);
    const c = content([b('A'), b('B'), b('C')]);
    expect(texts(withColumns(c, 2))).toEqual(['A', 'B', 'C', '']);
    expect(texts(withColumns(withColumns(c, 2), 3))).toEqual(['A', 'B', 'C']);
    expect(texts(withColumns(c, 4))).toEqual(['A', 'B', 'C', '']);
    // A blank inside the grid stays where the operator left it.
    expect(texts(withColumns(content([b('A'), blank, b('C')]), 2))).toEqual(['A', '', 'C', '']);
  });

  it('adds whole rows up to twelve buttons', () => {
    let c = withColumns(content([b('A')]), 4);
    c = withRowAdded(withRowAdded(c));
    expect(c.buttons.values).toHaveLength(12);
    expect(withRowAdded(c)).toBe(c);
  });

  it('keeps correct answers with their buttons through edits and removals', () => {
    let c = content([b('Red'), b('Blue', 'blue')], 2);
    c = withCorrect(c, 1, true);
    expect(c.correct_answers).toEqual(['blue']);
    // The payload is the answer: a new text does not change it; a new payload does.
    c = withButton(c, 1, { text: 'Navy' });
    expect(c.correct_answers).toEqual(['blue']);
    c = withButton(c, 1, { payload: 'navy' });
    expect(c.correct_answers).toEqual(['navy']);
    c = withCorrect(c, 0, true);
    expect(c.correct_answers).toEqual(['navy', 'Red']);
    c = withoutButton(c, 0);
    expect(c.correct_answers).toEqual(['navy']);
    expect(texts(c)).toEqual(['Navy', '']);
    // A blank button is never an answer.
    expect(withCorrect(c, 1, true)).toBe(c);
  });

  it('lists correct answers no button gives, so they can be removed', () => {
    expect(strayAnswers(content([b('Red')], 1, ['Red', 'Green']))).toEqual(['Green']);
  });

  it('adds, replaces and removes images, at most four', () => {
    let c = content([b('A')]);
    for (const n of [1, 2, 3, 4, 5]) c = withImage(c, c.image_urls.length, `/media/${n}.png`);
    expect(c.image_urls).toEqual(['/media/1.png', '/media/2.png', '/media/3.png', '/media/4.png']);
    c = withImage(c, 1, '');
    expect(c.image_urls).toEqual(['/media/1.png', '/media/3.png', '/media/4.png']);
    expect(withImage(c, 0, '/media/9.png').image_urls[0]).toBe('/media/9.png');
  });
});
