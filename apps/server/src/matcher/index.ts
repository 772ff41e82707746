export * from './types.js';
export {
  buildMatcher,
  DEFAULT_LIMIT,
  DEFAULT_THRESHOLD,
  languageGroup,
  type BuildOptions,
} from './matcher.js';
export { createMatcherRegistry } from './registry.js';
export { normalizeText } from './text.js';
