import { normalize, type EmbedKind, type Embedder, type EmbedderInfo } from './types.js';
import { fetchOutbound, readJsonCapped } from '../../lib/outbound.js';

const EMBEDDINGS_ANSWER_MAX_BYTES = 16 * 1024 * 1024;

export interface HttpEmbedderOptions {
  /** Base URL of an OpenAI-compatible API, e.g. `http://127.0.0.1:8000/v1`. */
  url: string;
  model: string;
  apiKey?: string;
  timeoutMs: number;
  /** Texts per request. */
  batch?: number;
  log?: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  /** `local` when the supervisor wraps it; shown on /healthz. */
  provider?: 'http' | 'local';
}

interface EmbeddingsReply {
  data?: Array<{ index?: number; embedding?: number[] | string }>;
}

function decode(embedding: number[] | string): Float32Array {
  if (typeof embedding === 'string') {
    const bytes = Buffer.from(embedding, 'base64');
    // Copy: the buffer's offset in its pool need not be 4-aligned.
    return new Float32Array(new Uint8Array(bytes).buffer, 0, bytes.length / 4);
  }
  return Float32Array.from(embedding);
}

/**
 * Any OpenAI-compatible `/v1/embeddings` endpoint (text-embeddings-inference, Ollama, vLLM, a cloud
 * service, or the local model's server). `input_type` tells e5-style servers which side a text is;
 * servers that do not know it ignore it.
 */
/** What a request is allowed per text it carries, above `timeoutMs` (a text embeds in 13–40 ms here). */
const PER_TEXT_MS = 150;

export function createHttpEmbedder(options: HttpEmbedderOptions): Embedder & {
  /** The supervisor sets the address once its child listens, and marks it down when it dies. */
  setUrl(url: string | null, detail?: string): void;
} {
  let url: string | null = options.url.replace(/\/+$/, '');
  const batch = options.batch ?? 64;
  let state: EmbedderInfo['state'] = 'starting';
  let detail: string | null = null;
  let dim: number | null = null;
  let failures = 0;
  let downSince = 0;

  function down(why: string) {
    if (state !== 'down')
      options.log?.warn(
        { why },
        'the sentence embedder is not answering: answers are lexical until it is back',
      );
    state = 'down';
    detail = why;
    downSince = Date.now();
  }

  async function request(texts: readonly string[], kind: EmbedKind): Promise<Float32Array[]> {
    const controller = new AbortController();
    // A batch is given time for each of its texts besides the question's allowance: under load a
    // batch of 64 took longer than 3 s here, and a timeout marks the embedder down for every ask.
    const allowed = options.timeoutMs + texts.length * PER_TEXT_MS;
    const timer = setTimeout(() => controller.abort(), allowed);
    try {
      const res = await fetchOutbound(`${url}/embeddings`, {
        method: 'POST',
        signal: controller.signal,
        headers: {
          'content-type': 'application/json',
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: options.model,
          input: texts,
          input_type: kind,
          encoding_format: 'base64',
        }),
      });
      if (!res.ok) throw new Error(`embeddings endpoint answered ${res.status}`);
      // base64 floats: about 2 KB a 384-wide vector, up to 32 of them a request; 16 MB is plenty.
      const body = (await readJsonCapped(res, EMBEDDINGS_ANSWER_MAX_BYTES)) as EmbeddingsReply;
      const out: Float32Array[] = new Array(texts.length);
      for (const [i, item] of (body.data ?? []).entries()) {
        if (item.embedding === undefined) continue;
        out[item.index ?? i] = normalize(decode(item.embedding));
      }
      for (let i = 0; i < texts.length; i++)
        if (!out[i]) throw new Error('embeddings endpoint left a text out');
      return out;
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    info: () => ({ provider: options.provider ?? 'http', model: options.model, state, detail, dim }),
    async embed(texts, kind) {
      if (texts.length === 0) return [];
      // While down, try again at most once a second: an ask never waits on a dead service twice.
      if (!url || (state === 'down' && Date.now() - downSince < 1000)) return null;
      try {
        const out: Float32Array[] = [];
        for (let i = 0; i < texts.length; i += batch)
          out.push(...(await request(texts.slice(i, i + batch), kind)));
        if (state !== 'ready') options.log?.info({ model: options.model }, 'the sentence embedder answers');
        state = 'ready';
        detail = null;
        failures = 0;
        dim = out[0]?.length ?? dim;
        return out;
      } catch (err) {
        failures++;
        down(
          err instanceof Error
            ? err.name === 'AbortError'
              ? `no answer in time (${options.timeoutMs} ms and ${PER_TEXT_MS} ms a text)`
              : err.message
            : String(err),
        );
        return null;
      }
    },
    async ready() {
      if (state === 'ready' || !url) return;
      await this.embed(['ready?'], 'query');
    },
    async close() {
      url = null;
    },
    setUrl(next, why) {
      url = next ? next.replace(/\/+$/, '') : null;
      if (!next) {
        state = why ? 'down' : 'starting';
        detail = why ?? null;
        downSince = Date.now();
      } else if (failures > 0 || state === 'down') {
        state = 'starting';
        downSince = 0;
      }
    },
  };
}
