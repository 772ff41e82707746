import { createHttpEmbedder } from './http.js';
import { createLocalEmbedder } from './local.js';
import { createNoEmbedder } from './none.js';
import { withQueryCache } from './cached.js';
import type { Embedder } from './types.js';

export * from './types.js';
export { LOCAL_MODEL, localServerPath } from './local.js';

export interface EmbedderConfig {
  EMBEDDINGS: 'local' | 'http' | 'none';
  EMBEDDINGS_URL?: string;
  EMBEDDINGS_MODEL: string;
  EMBEDDINGS_API_KEY?: string;
  EMBEDDINGS_TIMEOUT_MS: number;
  embedderDir: string;
}

type Log = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

/** The provider the configuration names, behind the question cache. */
export function createEmbedder(config: EmbedderConfig, log: Log): Embedder {
  if (config.EMBEDDINGS === 'none') return createNoEmbedder();
  if (config.EMBEDDINGS === 'http')
    return withQueryCache(
      createHttpEmbedder({
        url: config.EMBEDDINGS_URL!,
        model: config.EMBEDDINGS_MODEL,
        apiKey: config.EMBEDDINGS_API_KEY,
        timeoutMs: config.EMBEDDINGS_TIMEOUT_MS,
        log,
      }),
    );
  return withQueryCache(
    createLocalEmbedder({ dir: config.embedderDir, timeoutMs: config.EMBEDDINGS_TIMEOUT_MS, log }),
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The sentence encoder (shown on /healthz and the AI Configuration page). */
    embedder: Embedder;
  }
}
