import { createHash } from 'node:crypto';
import type { Embedder } from './embedder/index.js';
import { BACKGROUND, type BackgroundVectors } from './background.js';
import type { VectorKey, VectorsRepo, VectorSource } from './vectors-repo.js';

export const textHash = (text: string) => createHash('sha256').update(text).digest('hex');

/** Texts embedded per request while filling the store (the event loop is free in between). */
const EMBED_BATCH = 32;

export interface VectorLookup {
  /** text → vector, for every text that has one. */
  vectors: Map<string, Float32Array>;
  /** False when the embedder could not embed some texts now (down): build again later. */
  complete: boolean;
  /** Texts without a vector. */
  missing: number;
}

/**
 * Vectors for a device's texts: read from the store, and only texts never seen under this model are
 * embedded (then stored). Start-up and rebuilds therefore cost a read, not a model pass.
 */
export function createVectorService({ repo, embedder }: { repo: VectorsRepo; embedder: Embedder }) {
  /** The background sentences' vectors, once per model (a failed attempt is tried again next time). */
  let background: { model: string; vectors: Promise<BackgroundVectors | null> } | null = null;
  return {
    embedder,
    /** The model vectors are stored under now; null when lexical only. */
    model: () => embedder.info().model,

    async lookup(
      deviceId: number,
      source: VectorSource,
      kind: VectorKey['kind'],
      texts: readonly string[],
      opts: {
        prune?: boolean;
        onProgress?: (done: number, total: number) => void;
        /** False: read the stored vectors only (then `complete` says whether every text had one). */
        embed?: boolean;
      } = {},
    ): Promise<VectorLookup | null> {
      const model = embedder.info().model;
      if (!model) return null;
      const key: VectorKey = { deviceId, source, model, kind };
      const unique = [...new Set(texts.filter((t) => t.length > 0))];
      const hashes = unique.map(textHash);
      const stored = await repo.get(key, hashes);
      const vectors = new Map<string, Float32Array>();
      const missing: Array<{ text: string; hash: string }> = [];
      unique.forEach((text, i) => {
        const vec = stored.get(hashes[i]!);
        if (vec) vectors.set(text, vec);
        else missing.push({ text, hash: hashes[i]! });
      });
      let complete = true;
      if (opts.embed === false) {
        if (missing.length === 0 && opts.prune) await repo.prune(key, hashes);
        return { vectors, complete: missing.length === 0, missing: missing.length };
      }
      for (let i = 0; i < missing.length; i += EMBED_BATCH) {
        const batch = missing.slice(i, i + EMBED_BATCH);
        const out = await embedder.embed(
          batch.map((b) => b.text),
          kind,
        );
        if (!out) {
          complete = false;
          break;
        }
        await repo.put(
          key,
          batch.map((b, j) => ({ hash: b.hash, vector: out[j]! })),
        );
        batch.forEach((b, j) => vectors.set(b.text, out[j]!));
        opts.onProgress?.(vectors.size, unique.length);
      }
      if (complete && opts.prune) await repo.prune(key, hashes);
      return { vectors, complete, missing: complete ? 0 : unique.length - vectors.size };
    },

    /** The background sentences' vectors under the current model (nlu/background.ts); null when down. */
    async background(): Promise<BackgroundVectors | null> {
      const model = embedder.info().model;
      if (!model) return null;
      if (background?.model !== model) {
        const texts = [...BACKGROUND.en, ...BACKGROUND.zh];
        const vectors = embedder
          .embed(texts, 'query')
          .then((out) =>
            out ? { en: out.slice(0, BACKGROUND.en.length), zh: out.slice(BACKGROUND.en.length) } : null,
          );
        background = { model, vectors };
      }
      const out = await background.vectors;
      if (!out) background = null;
      return out;
    },

    /** One question's vector (cached for recent questions); null when lexical only. */
    async query(text: string): Promise<Float32Array | null> {
      const out = await embedder.embed([text], 'query');
      return out?.[0] ?? null;
    },
  };
}

export type VectorService = ReturnType<typeof createVectorService>;
