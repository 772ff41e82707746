// Builds every part, three at a time: the server (`tsc -b`, which builds the contracts it
// references first), the console and the kiosk app (Vite, each bundling the contracts' source).
// None reads another's output, so they run side by side; on two cores that takes the build from
// the sum of the three to about the longest (docs/performance.md). Each part's own output is kept
// back (pages of chunk sizes) and shown only when it fails.
//   node scripts/build.mjs            (npm run build; npm start calls it too)
import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const parts = [
  ['apps/server', 'the server and the shared contracts'],
  ['apps/console', 'the console'],
  ['apps/kiosk', 'the kiosk app'],
];

function build(workspace) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(npm, ['run', 'build', '-w', workspace], { cwd: root, stdio: 'pipe' });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => resolve({ code, output, seconds: (Date.now() - started) / 1000 }));
  });
}

/** Builds all parts; resolves with the total seconds, or exits the process on a failure. */
export async function buildAll() {
  const started = Date.now();
  console.log(`  building ${parts.map(([, what]) => what).join(', ')} side by side...`);
  const results = await Promise.all(
    parts.map(async ([workspace, what]) => {
      const result = await build(workspace);
      console.log(`  ${result.code === 0 ? 'built' : 'FAILED'} ${what} in ${result.seconds.toFixed(1)} s`);
      return { ...result, what };
    }),
  );
  const failed = results.filter((r) => r.code !== 0);
  for (const r of failed) console.error(`\n--- ${r.what} ---\n${r.output}`);
  if (failed.length > 0) process.exit(failed[0].code ?? 1);
  return (Date.now() - started) / 1000;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const seconds = await buildAll();
  console.log(`Built in ${seconds.toFixed(1)} s`);
}
