#!/usr/bin/env node
// Precompresses a built web app (the console's or the kiosk's dist/) once, at build time: every text
// file worth it gets a .br (brotli, best quality) and a .gz (gzip, level 9) beside it, which the
// server sends to a browser that accepts them (@fastify/static's preCompressed). Nothing is
// compressed per request. Usage: node scripts/precompress.mjs <dir>...
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Types a browser fetches as text; images, audio and fonts (woff2) are compressed already. */
const TEXT = /\.(js|mjs|css|html|svg|json|txt|map|wasm|xml|webmanifest)$/;
/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(file);
    else if (entry.isFile() && TEXT.test(entry.name)) yield file;
  }
}

async function precompress(file) {
  const bytes = fs.readFileSync(file);
  if (bytes.length < MIN_BYTES) return [0, 0, 0];
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzip(bytes, { level: 9 }),
  ]);
  // A copy that is not smaller is left out: the server then sends the file itself.
  if (br.length < bytes.length) fs.writeFileSync(`${file}.br`, br);
  if (gz.length < bytes.length) fs.writeFileSync(`${file}.gz`, gz);
  return [bytes.length, br.length, gz.length];
}

const dirs = process.argv.slice(2);
if (dirs.length === 0) {
  console.error('usage: node scripts/precompress.mjs <dir>...');
  process.exit(2);
}
for (const dir of dirs) {
  let raw = 0;
  let br = 0;
  let count = 0;
  for (const file of files(dir)) {
    const [a, b] = await precompress(file);
    if (a === 0) continue;
    raw += a;
    br += b;
    count++;
  }
  const kib = (n) => `${(n / 1024).toFixed(0)} KiB`;
  console.log(`precompressed ${count} files in ${dir}: ${kib(raw)} → ${kib(br)} brotli`);
}
