// `npm start`: build every part, saying which and how long each took, then run the server.
// The builds' own output is kept back (it is pages of chunk sizes) and shown only if one fails.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const steps = [
  ['packages/contracts', 'the shared contracts'],
  ['apps/server', 'the server'],
  ['apps/console', 'the console'],
  ['apps/kiosk', 'the kiosk app'],
];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(workspace) {
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', 'build', '-w', workspace], { cwd: root, stdio: 'pipe' });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => resolve({ code, output }));
  });
}

const started = Date.now();
console.log('Ambassador Console: building, then starting (the first start also seeds a demo project)');
for (const [i, [workspace, what]] of steps.entries()) {
  const t = Date.now();
  process.stdout.write(`  [${i + 1}/${steps.length}] building ${what}... `);
  const { code, output } = await run(workspace);
  if (code !== 0) {
    console.log('failed');
    console.error(output);
    process.exit(code ?? 1);
  }
  console.log(`done in ${((Date.now() - t) / 1000).toFixed(1)} s`);
}
console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s; starting the server`);

const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
});
// Ctrl-C reaches both; the server drains and exits, and so do we, with its code.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
