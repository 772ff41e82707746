// `npm start`: build every part (scripts/build.mjs), saying how long each took, then run the server.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildAll } from './build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const started = Date.now();
console.log('Ambassador Console: building, then starting (the first start also seeds a demo project)');
await buildAll();
console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s; starting the server`);

const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
});
// Ctrl-C reaches both; the server drains and exits, and so do we, with its code.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
