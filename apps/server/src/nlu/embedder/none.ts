import type { Embedder } from './types.js';

/** Lexical only, said out loud on /healthz and the AI Configuration page. */
export function createNoEmbedder(detail = 'EMBEDDINGS=none: answers are lexical only'): Embedder {
  return {
    info: () => ({ provider: 'none', model: null, state: 'off', detail, dim: null }),
    embed: async () => null,
    ready: async () => undefined,
    close: async () => undefined,
  };
}
