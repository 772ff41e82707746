import { createTtlCache } from '../../lib/ttl-cache.js';
import type { EmbedKind, Embedder } from './types.js';

const key = (kind: EmbedKind, text: string) => `${kind}\u0000${text}`;

/**
 * Recent question embeddings remembered (a visitor's question is embedded once per ask, and the same
 * questions come back), and the questions of one moment sent together: asks in flight at once share
 * one request to the embedder instead of queueing one by one behind its single model.
 */
export function withQueryCache(inner: Embedder, { max = 5000, ttlMs = 60 * 60_000 } = {}): Embedder {
  const cache = createTtlCache<string, Float32Array>({ ttlMs, max });
  let pending: Array<{ text: string; kind: EmbedKind; resolve(v: Float32Array | null): void }> = [];
  let scheduled = false;

  async function flush() {
    scheduled = false;
    const batch = pending;
    pending = [];
    for (const kind of ['query', 'passage'] as const) {
      const items = batch.filter((b) => b.kind === kind);
      if (items.length === 0) continue;
      const texts = [...new Set(items.map((i) => i.text))];
      const vectors = await inner.embed(texts, kind);
      const byText = new Map(texts.map((t, i) => [t, vectors?.[i] ?? null]));
      for (const item of items) {
        const v = byText.get(item.text) ?? null;
        if (v) cache.set(key(kind, item.text), v);
        item.resolve(v);
      }
    }
  }

  return {
    info: () => inner.info(),
    ready: () => inner.ready(),
    close: () => inner.close(),
    async embed(texts, kind) {
      // Bulk work (a device's phrases, a document's passages) goes straight through, uncached.
      if (texts.length !== 1) return inner.embed(texts, kind);
      const text = texts[0]!;
      const hit = cache.get(key(kind, text));
      if (hit) return [hit];
      const v = await new Promise<Float32Array | null>((resolve) => {
        pending.push({ text, kind, resolve });
        if (!scheduled) {
          scheduled = true;
          setImmediate(() => void flush());
        }
      });
      return v ? [v] : null;
    },
  };
}
