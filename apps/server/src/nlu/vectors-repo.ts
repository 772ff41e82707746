import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { textVectors as v } from '../db/schema.js';

export interface VectorKey {
  deviceId: number;
  source: VectorSource;
  model: string;
  kind: 'query' | 'passage';
}

/** The areas whose texts are embedded (conversations: the questions that fell back, for review to group). */
export type VectorSource = 'topics' | 'locations' | 'small_talk' | 'documents' | 'conversations';

/** Hashes asked per query (bounded parameter lists). */
const CHUNK = 1000;

const toBytes = (vec: Float32Array) =>
  new Uint8Array(vec.buffer.slice(vec.byteOffset, vec.byteOffset + vec.byteLength));
function toVector(bytes: Uint8Array, dim: number): Float32Array {
  // Copy: a driver's buffer need not be 4-aligned.
  const copy = new Uint8Array(dim * 4);
  copy.set(bytes.subarray(0, dim * 4));
  return new Float32Array(copy.buffer);
}

/** Stored sentence embeddings (text_vectors), always read and written by device id. */
export function createVectorsRepo(db: Db) {
  const where = (k: VectorKey) =>
    and(eq(v.deviceId, k.deviceId), eq(v.source, k.source), eq(v.model, k.model), eq(v.kind, k.kind));
  return {
    async get(key: VectorKey, hashes: string[]): Promise<Map<string, Float32Array>> {
      const out = new Map<string, Float32Array>();
      for (let i = 0; i < hashes.length; i += CHUNK) {
        const rows = await db
          .select({ hash: v.textHash, dim: v.dim, vector: v.vector })
          .from(v)
          .where(and(where(key), inArray(v.textHash, hashes.slice(i, i + CHUNK))));
        for (const r of rows) out.set(r.hash, toVector(r.vector, r.dim));
      }
      return out;
    },

    async put(key: VectorKey, rows: Array<{ hash: string; vector: Float32Array }>): Promise<void> {
      for (let i = 0; i < rows.length; i += CHUNK) {
        await db
          .insert(v)
          .values(
            rows.slice(i, i + CHUNK).map((r) => ({
              ...key,
              textHash: r.hash,
              dim: r.vector.length,
              vector: toBytes(r.vector),
            })),
          )
          .onConflictDoNothing();
      }
    },

    /** Forgets the vectors of texts the source no longer has (after a whole build of it). */
    async prune(key: VectorKey, keep: string[]): Promise<void> {
      if (keep.length > 20_000) return; // a parameter list that long: let the next smaller build prune
      await db.delete(v).where(keep.length ? and(where(key), notInArray(v.textHash, keep)) : where(key));
    },
  };
}

export type VectorsRepo = ReturnType<typeof createVectorsRepo>;
