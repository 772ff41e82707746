export * from './types.js';
export {
  buildMatcher,
  buildMatcherAsync,
  CANDIDATE_REACH,
  DEFAULT_LIMIT,
  DEFAULT_SLICE_MS,
  DEFAULT_THRESHOLD,
  languageGroup,
  type AsyncBuildOptions,
  type BuildOptions,
} from './matcher.js';
export { createMatcherRegistry } from './registry.js';
export { normalizeText } from './text.js';
