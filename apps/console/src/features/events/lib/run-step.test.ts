import { describe, expect, it } from 'vitest';
import { parseRunStep } from './run-step';

describe('parseRunStep', () => {
  it('reads every step a kiosk reports', () => {
    expect(parseRunStep('playing 2/3')).toEqual({ kind: 'playing', n: 2, total: 3 });
    expect(parseRunStep('countdown')).toEqual({ kind: 'countdown' });
    expect(parseRunStep('onboard')).toEqual({ kind: 'onboard' });
    expect(parseRunStep('question 1/5')).toEqual({ kind: 'question', n: 1, total: 5 });
    expect(parseRunStep('retry 1/1')).toEqual({ kind: 'retry', n: 1, total: 1 });
    expect(parseRunStep('correct 4/5')).toEqual({ kind: 'correct', n: 4, total: 5 });
    expect(parseRunStep('incorrect 5/5')).toEqual({ kind: 'incorrect', n: 5, total: 5 });
    expect(parseRunStep('ending')).toEqual({ kind: 'ending' });
  });

  it('leaves what it does not know to be shown as it came', () => {
    for (const step of ['', 'question', 'question 1/', 'dancing 1/2', 'Question 1/2', 'ending now'])
      expect(parseRunStep(step)).toBeNull();
  });
});
