// Installs the S3-compatible test server (PyPI `moto[server]`: it answers the S3 HTTP protocol in
// memory) into a virtual environment at .s3-test/venv, for the tests of media on shared storage.
// `npm test` runs it first; does nothing when that version is there already. Exits 1 when
// it cannot install: CI must run those tests, not skip them.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const PACKAGE = 'moto[server]==5.2.1';
const root = path.resolve(import.meta.dirname, '..');
const venv = path.join(root, '.s3-test', 'venv');
const marker = path.join(root, '.s3-test', 'installed.json');
const bin = path.join(venv, 'bin', 'moto_server');

try {
  if (JSON.parse(fs.readFileSync(marker, 'utf8')).package === PACKAGE && fs.existsSync(bin)) process.exit(0);
} catch {
  // not installed yet
}

const say = (line) => console.log(`s3-test: ${line}`);
function run(cmd, args, what) {
  say(`${what}...`);
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) {
    say(`${what} failed (${r.error?.message ?? `exit ${r.status}`})`);
    process.exit(1);
  }
}

fs.mkdirSync(path.dirname(venv), { recursive: true });
if (!fs.existsSync(path.join(venv, 'bin', 'pip')))
  run(process.env.PYTHON ?? 'python3', ['-m', 'venv', venv], 'making a Python virtual environment');
run(
  path.join(venv, 'bin', 'pip'),
  ['install', '-q', '--progress-bar', 'off', '--disable-pip-version-check', PACKAGE],
  `pip install ${PACKAGE}`,
);
fs.writeFileSync(marker, JSON.stringify({ package: PACKAGE, at: new Date().toISOString() }) + '\n');
say(`ready: ${path.relative(root, bin)}`);
