/**
 * A 500 MB resumable upload (tus) against a started server, in the console's chunk size (8 MB
 * PATCHes): transfer throughput, the time to store the completed file (checked by its bytes and
 * copied into the media store), and the server's resident memory over its idle level, sampled
 * from /proc/<pid>/status every 50 ms. Target: at most 150 MB over idle.
 * The file is a real MP4 (made with ffmpeg when installed) padded to size with an MP4 `free` box,
 * so it stays a valid video; without ffmpeg, an MP4 header and the same padding.
 * Run: npm run bench:upload (no build needed). BENCH_MB sets the size (default 500).
 */
import { execFileSync, spawn } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { RESUMABLE_CHUNK_BYTES, TUS_VERSION, VIDEO_UPLOAD_MAX_BYTES } from '@ambassador/contracts';

const ROOT = path.resolve(import.meta.dirname, '..');
const MB = 1024 * 1024;
const SIZE = Math.min(Number(process.env.BENCH_MB ?? 500) * MB, VIDEO_UPLOAD_MAX_BYTES);
const PASSWORD = 'Bench-Passw0rd!';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Resident memory of a process, in MB. */
async function rssOf(pid: number) {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/** A playable MP4 (ffmpeg) or a bare MP4 header, then a `free` box up to `size` bytes. */
async function makeVideo(dir: string, size: number) {
  const head = path.join(dir, 'head.mp4');
  let made = 'an MP4 header (ffmpeg not installed)';
  try {
    execFileSync(
      'ffmpeg',
      [
        '-v',
        'error',
        '-f',
        'lavfi',
        '-i',
        'testsrc=duration=2:size=320x240:rate=25',
        '-pix_fmt',
        'yuv420p',
        '-movflags',
        '+faststart',
        head,
      ],
      { stdio: 'ignore' },
    );
    made = 'a 2 s H.264 MP4 from ffmpeg';
  } catch {
    const ftyp = Buffer.alloc(24);
    ftyp.writeUInt32BE(24, 0);
    ftyp.write('ftypisom', 4, 'latin1');
    ftyp.writeUInt32BE(0x200, 12);
    ftyp.write('isommp41', 16, 'latin1');
    await fs.writeFile(head, ftyp);
  }
  const start = await fs.readFile(head);
  const file = path.join(dir, 'bench.mp4');
  const out = createWriteStream(file);
  out.write(start);
  const pad = size - start.length;
  const box = Buffer.alloc(8);
  box.writeUInt32BE(pad, 0);
  box.write('free', 4, 'latin1');
  out.write(box);
  const zeros = Buffer.alloc(MB);
  for (let left = pad - 8; left > 0; left -= zeros.length) {
    if (!out.write(left >= zeros.length ? zeros : zeros.subarray(0, left))) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return { file, made };
}

function request(
  base: string,
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: Buffer | NodeJS.ReadableStream,
) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const req = http.request(`${base}${url}`, { method, headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      });
      req.on('error', reject);
      if (body && !Buffer.isBuffer(body)) body.pipe(req);
      else req.end(body);
    },
  );
}

async function main() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ac-bench-upload-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const { file, made } = await makeVideo(dir, SIZE);
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/server.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: path.join(dir, 'data'),
      ADMIN_PASSWORD: PASSWORD,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    for (let i = 0; i < 300; i++) {
      const up = await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const login = await request(
      base,
      'POST',
      '/admin_panel/login',
      { 'content-type': 'application/json' },
      Buffer.from(JSON.stringify({ username: 'admin', password: PASSWORD })),
    );
    const session = JSON.parse(login.body).data as { access_token: string; auth_project_id: number };
    const devices = await fetch(
      `${base}/admin_panel/interface/devices?project_id=${session.auth_project_id}`,
      {
        headers: { access_token: session.access_token, auth_project_id: String(session.auth_project_id) },
      },
    ).then((r) => r.json() as Promise<{ data: Array<{ id: number }> }>);
    const auth = {
      access_token: session.access_token,
      auth_project_id: String(session.auth_project_id),
      'tus-resumable': TUS_VERSION,
    };
    const deviceId = devices.data[0]?.id;
    if (!deviceId) throw new Error('the server has no device to upload for');

    // Idle: after start-up and a sign-in, settled.
    await new Promise((r) => setTimeout(r, 2000));
    const idleSamples: number[] = [];
    for (let i = 0; i < 10; i++) {
      idleSamples.push(await rssOf(child.pid!));
      await new Promise((r) => setTimeout(r, 100));
    }
    const idle = Math.max(...idleSamples);

    let peak = idle;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await rssOf(child.pid!));
        await new Promise((r) => setTimeout(r, 50));
      }
    })();

    const meta = [
      `device_id ${Buffer.from(String(deviceId)).toString('base64')}`,
      `kind ${Buffer.from('video').toString('base64')}`,
      `filename ${Buffer.from('bench.mp4').toString('base64')}`,
    ].join(',');
    const started = performance.now();
    const created = await request(base, 'POST', '/admin_panel/media/uploads', {
      ...auth,
      'upload-length': String(SIZE),
      'upload-metadata': meta,
    });
    if (created.status !== 201) throw new Error(`creation: ${created.status} ${created.body}`);
    const location = created.headers.location!;
    let offset = 0;
    let transferEnd = 0;
    let final: { status: number; body: string } | undefined;
    while (offset < SIZE) {
      const length = Math.min(RESUMABLE_CHUNK_BYTES, SIZE - offset);
      const last = offset + length === SIZE;
      if (last) transferEnd = performance.now();
      const res = await request(
        base,
        'PATCH',
        location,
        {
          ...auth,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
          'content-length': String(length),
        },
        createReadStream(file, { start: offset, end: offset + length - 1 }),
      );
      if (res.status !== 204 && res.status !== 200)
        throw new Error(`PATCH at ${offset}: ${res.status} ${res.body}`);
      offset = Number(res.headers['upload-offset']);
      if (last) final = res;
    }
    const ended = performance.now();
    sampling = false;
    await sampler;
    const result = JSON.parse(final!.body) as { data: { mime: string; size: number } };
    // The last chunk's time includes storing the file: split it off by the time a chunk takes.
    const chunks = Math.ceil(SIZE / RESUMABLE_CHUNK_BYTES);
    const transferS = (transferEnd - started) / 1000;
    const perChunk = transferS / (chunks - 1);
    const storeS = (ended - transferEnd) / 1000 - perChunk;
    const rows = [
      [
        'file',
        `${(SIZE / MB).toFixed(0)} MB, ${made}, stored as ${result.data.mime} (${result.data.size} bytes)`,
      ],
      ['chunks', `${chunks} PATCHes of ${RESUMABLE_CHUNK_BYTES / MB} MB`],
      [
        'transfer',
        `${(SIZE / MB / (transferS + perChunk)).toFixed(0)} MB/s (${(transferS + perChunk).toFixed(1)} s)`,
      ],
      ['storing the complete file', `${storeS.toFixed(1)} s (magic-byte check, copy into the media store)`],
      [
        'end to end',
        `${(SIZE / MB / ((ended - started) / 1000)).toFixed(0)} MB/s (${((ended - started) / 1000).toFixed(1)} s)`,
      ],
      ['server RSS idle', `${idle.toFixed(0)} MB`],
      ['server RSS peak', `${peak.toFixed(0)} MB (+${(peak - idle).toFixed(0)} MB over idle; target ≤ 150)`],
    ];
    console.log(
      `\nResumable upload bench, ${new Date().toISOString().slice(0, 10)}, node ${process.version}, ${os.cpus().length} cores\n`,
    );
    for (const [k, v] of rows) console.log(`| ${k} | ${v} |`);
    if (peak - idle > 150) process.exitCode = 1;
  } finally {
    child.kill('SIGTERM');
    await once(child, 'exit');
    await fs.rm(dir, { recursive: true, force: true });
  }
}

await main();
