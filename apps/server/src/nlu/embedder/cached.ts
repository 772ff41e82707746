import { createTtlCache } from '../../lib/ttl-cache.js';
import type { EmbedKind, Embedder } from './types.js';

const key = (kind: EmbedKind, text: string) => `${kind}\u0000${text}`;
/** Questions per request at most: a burst is answered in turns, not in one long batch. */
const BATCH_MAX = 32;

/**
 * Recent question embeddings remembered (a visitor's question is embedded once per ask, and the same
 * questions come back), and the questions of one moment sent together: one request to the embedder
 * at a time, and the questions that arrive meanwhile go in the next one, instead of queueing one by
 * one behind its single model (a batch of 8 costs about what 4 single requests do: docs/performance.md).
 */
export function withQueryCache(inner: Embedder, { max = 5000, ttlMs = 60 * 60_000 } = {}): Embedder {
  const cache = createTtlCache<string, Float32Array>({ ttlMs, max });
  const pending: Array<{ text: string; kind: EmbedKind; resolve(v: Float32Array | null): void }> = [];
  let scheduled = false;
  let sending = false;

  async function flush() {
    scheduled = false;
    if (sending) return;
    sending = true;
    try {
      while (pending.length > 0) await send();
    } finally {
      sending = false;
    }
  }

  async function send() {
    const batch = pending.splice(0, BATCH_MAX);
    for (const kind of ['query', 'passage'] as const) {
      const items = batch.filter((b) => b.kind === kind);
      if (items.length === 0) continue;
      const texts = [...new Set(items.map((i) => i.text))];
      // A failing embedder answers null (the ask goes on by words); a throwing one must not hang them.
      const vectors = await inner.embed(texts, kind).catch(() => null);
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
