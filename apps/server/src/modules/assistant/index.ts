/** The answering chain (topic filter → topics → documents → small talk → fallback), for the device API and the test console. */
export { createAnswerChain, testConsoleResult, type AnswerChain, type ChainAnswer } from './answer-chain.js';
