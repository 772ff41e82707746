import { describe, expect, it } from 'vitest';
import type { SmallTalkAnswering } from './service.js';
import { smallTalkSteps } from './steps.js';

describe("small talk's steps of the answering chain", () => {
  const q = (text: string) => ({
    device: { id: 1, kind: 'ambassador' as const },
    language: 'english' as const,
    text,
  });
  const talk = (over: Partial<SmallTalkAnswering> = {}): SmallTalkAnswering => ({
    smallTalkOn: true,
    filterOn: true,
    declines: (text) =>
      text.includes('politics') ? { topic: 'Politics', text: 'Not that.', speech: 'Another topic?' } : null,
    reply: (text) => ({
      match: { question: 'hello', answer: 'Hello!', speech: '', score: text === 'hello' ? 1 : 0.1 },
      threshold: 0.5,
    }),
    ...over,
  });

  it('declines a filtered topic with its text and speech, and reads the settings once per question', async () => {
    let reads = 0;
    const steps = smallTalkSteps(async () => {
      reads += 1;
      return talk();
    });
    const question = q('politics lecture');
    expect(await steps.topicFilter.run(question)).toMatchObject({
      result: 'declined',
      detail: 'Politics',
      answer: { kind: 'declined', text: 'Not that.', speech: 'Another topic?' },
    });
    await steps.smallTalk.run(question);
    expect(reads).toBe(1);
    expect(await steps.topicFilter.run(q('hello'))).toEqual({ result: 'no_match' });
  });

  it('answers small talk above its threshold only, and is off when switched off', async () => {
    const steps = smallTalkSteps(async () => talk());
    expect(await steps.smallTalk.run(q('hello'))).toMatchObject({
      result: 'answered',
      score: 1,
      detail: 'hello',
      answer: { kind: 'small_talk', text: 'Hello!' },
    });
    expect(await steps.smallTalk.run(q('parking'))).toMatchObject({
      result: 'no_match',
      score: 0.1,
      threshold: 0.5,
    });
    const off = smallTalkSteps(async () => talk({ smallTalkOn: false, filterOn: false }));
    expect(await off.smallTalk.run(q('hello'))).toEqual({ result: 'off' });
    expect(await off.topicFilter.run(q('politics'))).toEqual({ result: 'off' });
  });
});
