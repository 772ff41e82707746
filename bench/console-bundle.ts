/**
 * Console budget: the login route loads ≤ 200 KB of gzipped JS; every other screen on
 * demand. Reads Vite's manifest of the built console and sums, gzipped, the entry's JS with its static
 * imports plus the login page's chunk with its static imports. Run: npm run bench:bundle (after build).
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const dist = path.resolve(import.meta.dirname, '../apps/console/dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  Chunk
>;
const gz = (file: string) => gzipSync(fs.readFileSync(path.join(dist, file))).length;

function closure(keys: string[], seen = new Set<string>()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    closure(manifest[key]?.imports ?? [], seen);
  }
  return seen;
}

const entry = Object.entries(manifest).find(([, c]) => c.isEntry)?.[0];
const login = Object.keys(manifest).find((k) => /login-(page|route)\.tsx$/.test(k));
if (!entry || !login) throw new Error('entry or login chunk not found in the manifest');
const loginSet = closure([entry, login]);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const loginBytes = [...loginSet].reduce((sum, k) => sum + gz(manifest[k]!.file), 0);
const all = Object.values(manifest).filter((c) => c.file.endsWith('.js'));
const allBytes = all.reduce((sum, c) => sum + gz(c.file), 0);
const lazy = all.filter((c) => !loginSet.has(Object.keys(manifest).find((k) => manifest[k] === c)!)).length;

console.log(`login route JS (gzip): ${kb(loginBytes)} in ${loginSet.size} chunks — budget 200 KB`);
console.log(`all console JS (gzip): ${kb(allBytes)} in ${all.length} chunks; ${lazy} load on demand`);
if (loginBytes > 200 * 1024) process.exitCode = 1;
