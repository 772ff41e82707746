import { describe, expect, it } from 'vitest';
import type { Language, QuestionResult } from '@ambassador/contracts';
import { answerTotals, questionTable } from './results';

const line = (
  question_id: number,
  language: Language,
  correct: number,
  answered: number,
): QuestionResult => ({
  quiz_id: 3,
  question_id,
  title: `Q${question_id}`,
  language,
  answered,
  correct,
  correct_rate: answered > 0 ? correct / answered : null,
});

describe('results of questions', () => {
  it('adds up every language: answered, right, and the share right', () => {
    expect(
      answerTotals([line(1, 'english', 3, 4), line(1, 'cantonese', 1, 2), line(2, 'english', 0, 0)]),
    ).toEqual({ answered: 6, correct: 4, rate: 4 / 6 });
    expect(answerTotals([line(1, 'english', 0, 0)])).toEqual({ answered: 0, correct: 0, rate: null });
    expect(answerTotals([])).toEqual({ answered: 0, correct: 0, rate: null });
  });

  it('makes a row per question with its languages, in the contracts’ order of languages', () => {
    const { rows, languages } = questionTable([
      line(1, 'english', 3, 4),
      line(2, 'english', 1, 1),
      line(1, 'cantonese', 1, 2),
    ]);
    expect(languages).toEqual(['cantonese', 'english']);
    expect(rows.map((r) => [r.id, r.title, Object.keys(r.byLanguage)])).toEqual([
      ['3-1', 'Q1', ['english', 'cantonese']],
      ['3-2', 'Q2', ['english']],
    ]);
  });
});
