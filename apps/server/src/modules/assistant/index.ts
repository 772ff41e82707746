/**
 * The answering chain: a runner over steps that the areas own (topic filter, named location,
 * topics, locations, documents, small talk) and the app composes in order, for the device API and
 * the test console.
 */
export {
  createAnswerChain,
  testConsoleResult,
  type AnswerChain,
  type ChainAnswer,
  type ChainStep,
  type Question,
  type StepOutcome,
  type TopicAnswer,
} from './pipeline.js';
export { assistantModule } from './module.js';
