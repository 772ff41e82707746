import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUse, holdDataDir } from './data-lock.js';

const dirs: string[] = [];
const tempDir = async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ac-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => fs.rm(d, { recursive: true, force: true })));
});

/** Another process holding `dir` as the server would: it writes the holder file and waits. */
async function otherHolder(dir: string) {
  const file = path.join(dir, 'in-use.json');
  const child = spawn(
    process.execPath,
    [
      '-e',
      `require('fs').writeFileSync(${JSON.stringify(file)}, JSON.stringify({ pid: process.pid, host: require('os').hostname(), what: 'the server', since: new Date().toISOString() }), { flag: 'wx' }); setInterval(() => {}, 1000);`,
    ],
    { stdio: 'ignore' },
  );
  await expect
    .poll(() => fs.readFile(file, 'utf8').catch(() => ''), {
      timeout: 5_000,
      interval: 25,
      message: 'the other process did not hold the folder',
    })
    .toContain(String(child.pid));
  return child;
}

describe('the embedded database folder, held by one process', () => {
  it('refuses another process while its holder lives, saying who holds it; takes it once it died (kill -9)', async () => {
    const dir = await tempDir();
    const child = await otherHolder(dir);
    try {
      const refused = await holdDataDir(dir, 'npm run reset-password').catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(DataDirInUse);
      expect((refused as Error).message).toMatch(
        new RegExp(`in use by the server \\(process ${child.pid}, since .*\\)\\. .*stop it first`),
      );
    } finally {
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await gone;
    }
    // The holder died without letting go: its file names a process that no longer exists.
    const release = await holdDataDir(dir, 'the server');
    expect(JSON.parse(await fs.readFile(path.join(dir, 'in-use.json'), 'utf8')).pid).toBe(process.pid);
    await release();
    await expect(fs.access(path.join(dir, 'in-use.json'))).rejects.toThrow();
  });

  it('lets the same process open it twice, and takes a half-written holder file', async () => {
    const dir = await tempDir();
    const first = await holdDataDir(dir, 'the server');
    const second = await holdDataDir(dir, 'the server');
    await second();
    await first();
    await fs.writeFile(path.join(dir, 'in-use.json'), '{"pid": 12');
    const release = await holdDataDir(dir, 'the server');
    await release();
  });
});
