// Removes from an installed node_modules what the server never loads at run time, for the container
// image (Dockerfile): source maps, TypeScript declarations, and the browser bundles of the
// TensorFlow.js packages (the face detector loads each package's Node entry only; their maps alone
// are about 200 MB). Run after `npm ci --omit=dev`; prints the size before and after.
//   node scripts/prune-runtime.mjs [node_modules folder]
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(process.argv[2] ?? 'node_modules');
if (!fs.existsSync(root)) {
  console.error(`prune-runtime: ${root} does not exist`);
  process.exit(1);
}

/** A browser build of a TensorFlow.js package: every `dist/*.js` but the Node entry, and its extras. */
function tensorflowBrowserFile(rel) {
  const m = /^@tensorflow\/[^/]+\/dist\/([^/]+)$/.exec(rel);
  if (m) return /^tf[-.].*\.(js|html)$/.test(m[1]) && !m[1].endsWith('.node.js');
  return /^@tensorflow\/[^/]+\/dist\/miniprogram\//.test(rel);
}

const unused = (rel) =>
  rel.endsWith('.map') || rel.endsWith('.d.ts') || rel.endsWith('.d.mts') || tensorflowBrowserFile(rel);

function walk(dir, visit) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    if (entry.isDirectory()) walk(full, visit);
    else visit(full);
  }
}

let before = 0;
let removed = 0;
walk(root, (file) => {
  const size = fs.statSync(file).size;
  before += size;
  const rel = path.relative(root, file).split(path.sep).join('/');
  // The path inside the innermost node_modules (a nested copy is pruned like a top-level one).
  if (unused(rel.split('/node_modules/').pop())) {
    fs.rmSync(file);
    removed += size;
  }
});
const mb = (n) => `${(n / 1e6).toFixed(0)} MB`;
console.log(`prune-runtime: ${mb(before)} → ${mb(before - removed)} (${mb(removed)} removed)`);
