import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { freePort } from '../nlu/embedder/local.js';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { s3ClientConfig, type S3Settings } from '../media/s3-blob-store.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..', '..');
/** moto's S3 server: MOTO_SERVER, the venv `scripts/s3-test-install.mjs` makes, or none. */
export const MOTO_SERVER = [
  process.env.MOTO_SERVER,
  path.join(ROOT, '.s3-test', 'venv', 'bin', 'moto_server'),
]
  .filter((p): p is string => !!p)
  .find((p) => fs.existsSync(p));

/** Why the S3 suites are skipped here (CI installs moto, so there they always run). */
export const S3_SKIP_REASON = MOTO_SERVER
  ? null
  : 'S3 tests skipped: moto is not installed (run `node scripts/s3-test-install.mjs`)';
if (S3_SKIP_REASON) console.warn(S3_SKIP_REASON);

export interface S3TestServer {
  endpoint: string;
  /** A new empty bucket, as settings and as the S3_* variables of an app. */
  bucket(prefix?: string): Promise<{ settings: S3Settings; env: Record<string, string> }>;
  stop(): Promise<void>;
}

/** Starts moto's S3-compatible server on a free port and waits until it answers. */
export async function startS3Server(): Promise<S3TestServer> {
  if (!MOTO_SERVER) throw new Error(S3_SKIP_REASON!);
  const port = await freePort();
  const child: ChildProcess = spawn(MOTO_SERVER, ['-H', '127.0.0.1', '-p', String(port)], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-2000)));
  const endpoint = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`moto_server exited: ${stderr}`);
    const up = await fetch(`${endpoint}/moto-api/`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`moto_server did not answer in 30 s: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const base = {
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    accessKeyId: 'test',
    secretAccessKey: 'test',
  };
  const admin = new S3Client(s3ClientConfig({ ...base, bucket: '', prefix: '' }));
  return {
    endpoint,
    async bucket(prefix = '') {
      const bucket = `ac-test-${randomBytes(6).toString('hex')}`;
      await admin.send(new CreateBucketCommand({ Bucket: bucket }));
      return {
        settings: { ...base, bucket, prefix },
        env: {
          S3_BUCKET: bucket,
          S3_ENDPOINT: endpoint,
          S3_REGION: base.region,
          S3_ACCESS_KEY_ID: base.accessKeyId,
          S3_SECRET_ACCESS_KEY: base.secretAccessKey,
          S3_FORCE_PATH_STYLE: 'true',
          ...(prefix ? { S3_PREFIX: prefix } : {}),
        },
      };
    },
    async stop() {
      admin.destroy();
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
