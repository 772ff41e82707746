import type { Language } from '@ambassador/contracts';
import { defineModule, type Core } from '../../core/module.js';
import { createAnswerChain, testConsoleResult, type Question } from './pipeline.js';

function build({ use }: Core) {
  const talk = use('small-talk').steps;
  const locations = use('locations').steps;
  // The chain a device answers with, each step owned by its area, in order; then the fallback.
  const chain = createAnswerChain([
    talk.topicFilter,
    locations.named,
    use('ai').step,
    locations.where,
    use('mrc').step,
    talk.smallTalk,
  ]);
  return {
    chain,
    /** The A.I. page's test console: the chain's answer with every step's outcome. */
    testConsole: async (device: Question['device'], language: Language, text: string, draft = true) =>
      testConsoleResult(await chain.ask(device, language, text, { draft })),
  };
}

declare module '../../core/module.js' {
  interface Modules {
    assistant: ReturnType<typeof build>;
  }
}

/** The answering chain, for the device API and the test console. */
export const assistantModule = defineModule({ name: 'assistant', build });
