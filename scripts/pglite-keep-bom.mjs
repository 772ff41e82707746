// PGlite 0.5.16–0.5.17 reads every text value through `new TextDecoder('utf-8')`, which drops a
// leading U+FEFF: "\uFEFFbom" is stored whole but reads back as "bom" (PostgreSQL keeps it). This
// makes its decoder keep it (`ignoreBOM`), as `npm ci`'s postinstall, once per install; idempotent.
// It stops the install if the code it expects is not found, so an upgrade is looked at, not missed.
import fs from 'node:fs';
import path from 'node:path';

const dist = path.resolve(import.meta.dirname, '..', 'node_modules', '@electric-sql', 'pglite', 'dist');
const FILES = ['chunk-Y6PULSM7.js', 'index.cjs', path.join('node-postgres', 'index.cjs')];
const DECODER = /new TextDecoder\((\w+)\(this,(\w+)\)\)/g;
const KEPT = /new TextDecoder\(\w+\(this,\w+\),\{ignoreBOM:!0\}\)/;

if (!fs.existsSync(dist)) process.exit(0); // not installed (a production install without it)
for (const file of FILES) {
  const at = path.join(dist, file);
  const code = fs.readFileSync(at, 'utf8');
  if (KEPT.test(code)) continue;
  const fixed = code.replace(DECODER, 'new TextDecoder($1(this,$2),{ignoreBOM:!0})');
  if (fixed === code) {
    console.error(
      `pglite-keep-bom: ${file} has no decoder to fix; check the PGlite upgrade (docs/decisions.md)`,
    );
    process.exit(1);
  }
  fs.writeFileSync(at, fixed);
}
console.log('pglite-keep-bom: PGlite keeps a leading U+FEFF');
