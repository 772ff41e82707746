import path from 'node:path';
import { z } from 'zod';
import {
  IMAGE_UPLOAD_MAX_BYTES,
  VIDEO_UPLOAD_MAX_BYTES,
  ZIceServer,
  ZPassword,
  ZUsername,
} from '@ambassador/contracts';

const MB = 1024 * 1024;
const ZPort = z.coerce.number().int().min(0).max(65535);
const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

const ZConfig = z.object({
  PORT: ZPort.default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional(),
  ),
  REDIS_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  ),
  ADMIN_USERNAME: ZUsername.default('admin'),
  ADMIN_PASSWORD: z.preprocess(emptyToUndefined, ZPassword.optional()),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(60),
  SESSION_MAX_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(12),
  /** Days the audit trail keeps an event (Admin Settings → Audit trail). */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(365),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** JSON lines, readable text, or `auto`: text on a terminal outside production, else JSON. */
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  CONSOLE_DIR: z.string().min(1).optional(),
  KIOSK_DIR: z.string().min(1).optional(),
  /** First start of an empty database: give the demo devices topics and visitor traffic. */
  DEMO_DATA: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Demo conversations sent through the device API on the first start of an empty database. */
  DEMO_CONVERSATIONS: z.coerce.number().int().min(0).max(100_000).default(2500),
  /**
   * STUN/TURN servers for video calls, as JSON (`[{"urls":"turn:turn.example:3478","username":…,
   * "credential":…}]`). None by default: browsers on one site's network reach each other directly.
   */
  ICE_SERVERS: z.preprocess(
    (v) => {
      if (v === undefined || v === '') return [];
      try {
        return JSON.parse(String(v));
      } catch {
        return v;
      }
    },
    z.array(ZIceServer, { error: 'must be a JSON array of {urls, username?, credential?}' }),
  ),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * On SIGTERM, seconds to keep serving while /healthz says 503, so a load balancer takes the
   * instance out before it stops listening (set it to the balancer's check interval × threshold).
   */
  DRAIN_SECONDS: z.coerce.number().int().min(0).max(300).default(0),
  /**
   * Past what the database can take, refuse work early (503 + Retry-After) rather than queue it
   * without bound, and serve sign-in and kiosks before heavy console reads (plugins/load-shed.ts).
   */
  LOAD_SHEDDING: z
    .enum(['on', 'off'])
    .default('on')
    .transform((v) => v === 'on'),
  /**
   * Per-client throttles (plugins/throttle.ts), per minute; 0 turns one off. Sign-ins count per IP
   * address (behind a proxy, set TRUST_PROXY), asks per device key.
   */
  SIGNIN_PER_IP_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(30),
  ASKS_PER_DEVICE_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(600),
  /**
   * What this installation's keys and channels in Redis start with (throttle counts, events between
   * instances, the realtime adapter). Unset: derived from the database (bus/namespace.ts), so
   * installations sharing one Redis stay apart. No `:` (the separator after it) and no glob
   * characters (the adapter subscribes to a pattern under it).
   */
  REDIS_PREFIX: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'letters, digits, _ . - only')
      .optional(),
  ),
  /** The largest image and video upload, in MB (media/store.ts). */
  MEDIA_IMAGE_MAX_MB: z.coerce
    .number()
    .int()
    .min(1)
    .max(200)
    .default(IMAGE_UPLOAD_MAX_BYTES / MB),
  MEDIA_VIDEO_MAX_MB: z.coerce
    .number()
    .int()
    .min(1)
    .max(20_000)
    .default(VIDEO_UPLOAD_MAX_BYTES / MB),
  /**
   * The most pixels (width × height, in millions) an image may have: a small file that unpacks
   * to a huge bitmap (a decompression bomb) is refused before it is decoded.
   */
  MEDIA_IMAGE_MAX_MEGAPIXELS: z.coerce.number().int().min(1).max(260).default(50),
  /** Hours an upload nothing uses is kept before the media sweep deletes it. */
  MEDIA_GRACE_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 365)
    .default(24),
  /** Megabytes unfinished resumable uploads may declare at once, per user and per project. */
  UPLOADS_IN_FLIGHT_USER_MB: z.coerce.number().int().min(1).max(1_000_000).default(4096),
  UPLOADS_IN_FLIGHT_PROJECT_MB: z.coerce.number().int().min(1).max(1_000_000).default(10_240),
  /**
   * Media in an S3-compatible bucket (AWS S3, MinIO, Ceph, Cloudflare R2…), which every instance
   * behind a balancer shares. Unset: media stay under DATA_DIR/media (media/blob-store.ts).
   */
  S3_BUCKET: z.preprocess(emptyToUndefined, z.string().min(3).max(63).optional()),
  /** Another provider than AWS: its address (`https://minio.example:9000`). */
  S3_ENDPOINT: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  S3_REGION: z.preprocess(emptyToUndefined, z.string().min(1).default('us-east-1')),
  /** Unset: the AWS SDK's own chain (AWS_ACCESS_KEY_ID…, a profile, the instance's role). */
  S3_ACCESS_KEY_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  /** `host/bucket/key` addresses, as MinIO and most self-hosted servers want (AWS: false). */
  S3_FORCE_PATH_STYLE: z.preprocess(
    emptyToUndefined,
    z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => (v === undefined ? undefined : v === 'true')),
  ),
  /** What every key of this installation starts with, to share a bucket (`ambassador/`). */
  S3_PREFIX: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .max(200)
      .regex(/^[A-Za-z0-9!_.*'()/-]*$/, "letters, digits and ! _ . * ' ( ) / - only")
      .default(''),
  ),
  /** ffprobe and ffmpeg (Debian package `ffmpeg`) for video checks and posters: a name on PATH or a path. */
  FFPROBE_PATH: z.string().min(1).default('ffprobe'),
  FFMPEG_PATH: z.string().min(1).default('ffmpeg'),
  /**
   * An OpenAI-compatible chat-completions endpoint (e.g. `https://api.openai.com/v1`): when set,
   * document answers are written by the model from the best passages, citing them; unset, the
   * answering sentences are quoted as they are (modules/mrc/retrieval).
   */
  LLM_BASE_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  LLM_API_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  LLM_MODEL: z.preprocess(emptyToUndefined, z.string().default('gpt-4o-mini')),
  /** Milliseconds a model answer may take before the quoted sentences answer instead. */
  LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8_000),
  /**
   * The sentence encoder under topics, documents, locations and small talk (nlu/embedder): `local`
   * the packaged model (installed by `npm ci`, run by the server on loopback), `http` any
   * OpenAI-compatible embeddings endpoint at EMBEDDINGS_URL, `none` lexical only. Unset: `http`
   * when EMBEDDINGS_URL is set, else `local`.
   */
  EMBEDDINGS: z.preprocess(emptyToUndefined, z.enum(['local', 'http', 'none']).optional()),
  EMBEDDINGS_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  EMBEDDINGS_MODEL: z.preprocess(emptyToUndefined, z.string().max(200).default('multilingual-e5-small')),
  EMBEDDINGS_API_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  /** Milliseconds one embeddings request may take before answers go lexical. */
  EMBEDDINGS_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(3_000),
  /**
   * With it, GET /metrics asks for `Authorization: Bearer <token>` from any address; without it,
   * only a direct, unproxied scrape from this host is answered (modules/metrics/access.ts).
   */
  METRICS_TOKEN: z.preprocess(
    emptyToUndefined,
    z.string().min(16, 'at least 16 characters (e.g. openssl rand -hex 32)').max(512).optional(),
  ),
  /** Where `npm ci` installed the local model's virtual environment. */
  EMBEDDINGS_DIR: z.string().min(1).optional(),
});

export type Config = Omit<z.infer<typeof ZConfig>, 'EMBEDDINGS'> & {
  EMBEDDINGS: 'local' | 'http' | 'none';
  consoleDir: string;
  kioskDir: string;
  mediaDir: string;
  embedderDir: string;
  /** The shared media bucket (S3_*), or null for DATA_DIR/media. */
  s3: S3Media | null;
};

/** Media in an S3-compatible bucket, as S3_* configure it. */
export interface S3Media {
  bucket: string;
  prefix: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  accessKeyId?: string;
  secretAccessKey?: string;
}

export class ConfigError extends Error {}

/** Every variable the configuration reads (docs/operations.md lists each: config-docs.test.ts). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(ZConfig.shape);

/** Parses the environment once at start-up; a bad value names the variable and stops start-up. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZConfig.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const dataDir = path.resolve(c.DATA_DIR);
  if (c.EMBEDDINGS === 'http' && !c.EMBEDDINGS_URL)
    throw new ConfigError('Invalid configuration:\n  EMBEDDINGS_URL: must be set when EMBEDDINGS=http');
  if (!c.S3_ACCESS_KEY_ID !== !c.S3_SECRET_ACCESS_KEY)
    throw new ConfigError(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither (the AWS SDK then finds credentials itself)',
    );
  return {
    ...c,
    EMBEDDINGS: c.EMBEDDINGS ?? (c.EMBEDDINGS_URL ? 'http' : 'local'),
    embedderDir: path.resolve(
      c.EMBEDDINGS_DIR ?? path.join(import.meta.dirname, '..', '..', '..', '.embedder'),
    ),
    DATA_DIR: dataDir,
    mediaDir: path.join(dataDir, 'media'),
    s3: c.S3_BUCKET
      ? {
          bucket: c.S3_BUCKET,
          // A prefix is a folder: `media` and `media/` both mean keys under `media/`.
          prefix: c.S3_PREFIX && !c.S3_PREFIX.endsWith('/') ? `${c.S3_PREFIX}/` : c.S3_PREFIX,
          region: c.S3_REGION,
          ...(c.S3_ENDPOINT ? { endpoint: c.S3_ENDPOINT } : {}),
          // Self-hosted servers (an endpoint) mostly want path-style; AWS wants virtual hosts.
          forcePathStyle: c.S3_FORCE_PATH_STYLE ?? c.S3_ENDPOINT !== undefined,
          ...(c.S3_ACCESS_KEY_ID ? { accessKeyId: c.S3_ACCESS_KEY_ID } : {}),
          ...(c.S3_SECRET_ACCESS_KEY ? { secretAccessKey: c.S3_SECRET_ACCESS_KEY } : {}),
        }
      : null,
    consoleDir: path.resolve(c.CONSOLE_DIR ?? path.join(import.meta.dirname, '..', '..', 'console', 'dist')),
    kioskDir: path.resolve(c.KIOSK_DIR ?? path.join(import.meta.dirname, '..', '..', 'kiosk', 'dist')),
  };
}
